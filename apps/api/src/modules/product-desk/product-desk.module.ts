import type { ApiModule } from '../../app-context.ts'
import { catalogueCacheOf, productsRepositoryOf } from '../products/products.module.ts'
import { createProductDeskService } from './product-desk.service.ts'
import { productDeskRoutes } from './product-desk.routes.ts'

/** The admin's catalogue editor and product photos. */
export const productDeskModule: ApiModule = async (v1, { ctx }) => {
  const cache = catalogueCacheOf(ctx)
  await v1.register(productDeskRoutes, {
    catalogue: createProductDeskService({
      db: ctx.db.db,
      clock: ctx.clock,
      catalogue: productsRepositoryOf(ctx),
      photos: ctx.photos,
      forget: () => cache.clear(),
    }),
    photos: ctx.photos,
    guards: ctx.guards,
  })
}
