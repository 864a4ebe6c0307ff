import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ProductDetailSchema,
  ProductListQuerySchema,
  ProductListSchema,
} from '@padi/domain/catalogue/schemas'
import { MarketSchema } from '@padi/domain/money-schemas'
import { ErrorResponseSchema } from '../../error-schema.ts'
import type { ProductsService } from './products.service.ts'

/** Issue 4: both answers are cacheable; @fastify/etag adds the ETag and answers 304. */
export const productsRoutes: FastifyPluginAsync<{ products: ProductsService }> = async (
  app,
  opts,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // The hot catalogue reads build their answers from typed rows; validating every answer again
  // with zod on the way out cost more than the query. The schemas still document the routes.
  const serializerCompiler = () => (data: unknown) => JSON.stringify(data)
  r.get(
    '/products',
    {
      serializerCompiler,
      schema: {
        tags: ['catalogue'],
        summary: 'List, search, filter and sort products (keyset paging with cursor)',
        querystring: ProductListQuerySchema,
        response: { 200: ProductListSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return opts.products.list(request.query)
    },
  )
  r.get(
    '/products/:id',
    {
      serializerCompiler,
      schema: {
        tags: ['catalogue'],
        summary: 'One product with its variations and where to buy it',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ market: MarketSchema.default('MY') }),
        response: { 200: ProductDetailSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return opts.products.get(request.params.id, request.query.market)
    },
  )
}
