import type { ApiModule } from '../../app-context.ts'
import { usersOf } from '../users/users.module.ts'
import { adminRoutes } from './admin.routes.ts'

/** The admin's people and role management. */
export const adminModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(adminRoutes, { users: usersOf(ctx), guards: ctx.guards, clock: ctx.clock })
}
