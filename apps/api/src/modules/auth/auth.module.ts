import type { ApiModule } from '../../app-context.ts'
import { authRoutes } from './auth.routes.ts'

/** Sign-up, sign-in, sessions and one-time codes (the services live in the app context). */
export const authModule: ApiModule = async (v1, { ctx }) => {
  const { config, otp } = ctx
  // Codes whose send failed are retried by this job until they expire (ADR 019).
  if (config.SMS_RETRY_INTERVAL_MS > 0)
    ctx.schedule({
      name: 'sms-retry',
      everyMs: config.SMS_RETRY_INTERVAL_MS,
      run: async () => void (await otp.retryDue()),
    })
  await v1.register(authRoutes, {
    auth: ctx.auth,
    guards: ctx.guards,
    loginRateLimit: config.LOGIN_RATE_LIMIT_MAX,
    authRateLimit: config.AUTH_RATE_LIMIT_MAX,
  })
}
