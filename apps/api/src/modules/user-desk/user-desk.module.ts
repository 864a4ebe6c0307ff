import type { ApiModule } from '../../app-context.ts'
import { counterOf } from '../counter/counter.module.ts'
import { creditOf } from '../credit/credit.module.ts'
import { orderDeskOf } from '../order-desk/order-desk.module.ts'
import { createUserDeskService } from './user-desk.service.ts'
import { userDeskRoutes } from './user-desk.routes.ts'

/** Staff's view of one customer: orders, credit, counter visits. */
export const userDeskModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(userDeskRoutes, {
    people: createUserDeskService({
      db: ctx.db.db,
      clock: ctx.clock,
      auth: ctx.auth,
      credit: creditOf(ctx),
      counter: counterOf(ctx),
      desk: orderDeskOf(ctx),
    }),
    guards: ctx.guards,
  })
}
