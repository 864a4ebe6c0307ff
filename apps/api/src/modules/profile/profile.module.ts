import type { ApiModule } from '../../app-context.ts'
import { createProfileService } from './profile.service.ts'
import { profileRoutes } from './profile.routes.ts'

/** The customer's own settings: name, phone, language, password. */
export const profileModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(profileRoutes, {
    profile: createProfileService({
      db: ctx.db.db,
      clock: ctx.clock,
      otp: ctx.otp,
      auth: ctx.auth,
    }),
    guards: ctx.guards,
    authRateLimit: ctx.config.AUTH_RATE_LIMIT_MAX,
  })
}
