import type { ApiModule } from '../../app-context.ts'
import { biometricsOf } from '../biometrics/biometrics.module.ts'
import { creditOf } from '../credit/credit.module.ts'
import { pinsOf } from '../payment/payment.module.ts'
import { createOrdersService } from './orders.service.ts'
import { ordersRoutes } from './orders.routes.ts'

/** Placing and reading orders, paid in cash or on credit. */
export const ordersModule: ApiModule = async (v1, { ctx }) => {
  const { config } = ctx
  await v1.register(ordersRoutes, {
    orders: createOrdersService({
      db: ctx.db.db,
      prepared: ctx.db.prepared,
      checkSession: ctx.auth.checkSession,
      clock: ctx.clock,
      credit: creditOf(ctx),
      pins: pinsOf(ctx),
      biometrics: biometricsOf(ctx),
      isolation: config.ORDER_ISOLATION,
      shipping: {
        MY: {
          feeMinor: config.SHIPPING_FEE_MY_MINOR,
          freeFromMinor: config.SHIPPING_FREE_FROM_MY_MINOR || null,
        },
        TH: {
          feeMinor: config.SHIPPING_FEE_TH_MINOR,
          freeFromMinor: config.SHIPPING_FREE_FROM_TH_MINOR || null,
        },
      },
    }),
    guards: ctx.guards,
    rateLimitMax: config.AUTH_RATE_LIMIT_MAX,
  })
}
