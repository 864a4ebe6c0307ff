import type { ApiModule } from '../../app-context.ts'
import { createCartService } from './cart.service.ts'
import { cartRoutes } from './cart.routes.ts'

/** The customer's cart. */
export const cartModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(cartRoutes, { cart: createCartService({ db: ctx.db.db }), guards: ctx.guards })
}
