import type { ApiModule } from '../../app-context.ts'
import { usersOf } from '../users/users.module.ts'
import { staffRoutes } from './staff.routes.ts'

/** What branch staff look up about customers. */
export const staffModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(staffRoutes, { users: usersOf(ctx), guards: ctx.guards })
}
