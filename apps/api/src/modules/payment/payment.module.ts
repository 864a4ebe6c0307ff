import type { ApiModule, AppContext } from '../../app-context.ts'
import { createPinService } from './pin.service.ts'
import { pinRoutes } from './pin.routes.ts'

export const pinsOf = (ctx: AppContext) =>
  ctx.shared('pins', () =>
    createPinService({
      db: ctx.db.db,
      clock: ctx.clock,
      secret: ctx.config.pinSecret,
      otp: ctx.otp,
      demoMode: ctx.config.demoMode,
    }),
  )

/** The payment PIN that approves credit. */
export const paymentModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(pinRoutes, {
    pins: pinsOf(ctx),
    guards: ctx.guards,
    rateLimitMax: ctx.config.AUTH_RATE_LIMIT_MAX,
  })
}
