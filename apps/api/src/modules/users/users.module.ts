import type { AppContext } from '../../app-context.ts'
import { createUsersService } from './users.service.ts'

/** People and roles, used by the admin and staff modules (no routes of its own). */
export const usersOf = (ctx: AppContext) =>
  ctx.shared('users', () => createUsersService({ db: ctx.db.db, auth: ctx.auth }))
