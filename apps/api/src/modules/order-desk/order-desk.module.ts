import type { ApiModule, AppContext } from '../../app-context.ts'
import { createOrderDeskService } from './order-desk.service.ts'
import { orderDeskRoutes } from './order-desk.routes.ts'

export const orderDeskOf = (ctx: AppContext) =>
  ctx.shared('order-desk', () => createOrderDeskService({ db: ctx.db.db, clock: ctx.clock }))

/** Staff's order list and the order's state changes. */
export const orderDeskModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(orderDeskRoutes, { desk: orderDeskOf(ctx), guards: ctx.guards })
}
