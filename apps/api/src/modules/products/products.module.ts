import type { ApiModule, AppContext } from '../../app-context.ts'
import { createAnswerCache } from './answer-cache.ts'
import { createProductsRepository } from './products.repository.ts'
import { createProductsService } from './products.service.ts'
import { productsRoutes } from './products.routes.ts'

/** The catalogue's cached answers, dropped when the catalogue changes on any instance. */
export const catalogueCacheOf = (ctx: AppContext) =>
  ctx.shared('catalogue-cache', () => {
    const cache = createAnswerCache({
      sync: ctx.content.sync,
      ttlMs: ctx.config.CATALOGUE_CACHE_TTL_MS,
      maxBytes: ctx.config.CATALOGUE_CACHE_MAX_MB * 1024 * 1024,
    })
    ctx.content.onChange(() => cache.clear())
    return cache
  })

export const productsRepositoryOf = (ctx: AppContext) =>
  ctx.shared('products-repository', () => createProductsRepository(ctx.db.db, ctx.db.prepared))

/** The public catalogue: list, search, product pages, field problems. */
export const productsModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(productsRoutes, {
    products: createProductsService(productsRepositoryOf(ctx)),
    cache: catalogueCacheOf(ctx),
  })
}
