import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BrandListQuerySchema,
  BrandListSchema,
  ProductDetailSchema,
  ProductListQuerySchema,
  ProductListSchema,
  SuggestionListSchema,
  SuggestionQuerySchema,
} from '@padi/domain/catalogue/schemas'
import { MarketSchema } from '@padi/domain/money-schemas'
import { ProductIdSchema } from '@padi/domain/catalogue/cursor-schemas'
import { ErrorResponseSchema } from '../../error-schema.ts'
import type { ProductsService } from './products.service.ts'
import type { AnswerCache, CachedAnswer } from './answer-cache.ts'

/**
 * docs/product/catalogue.md: both answers are cacheable. They come ready-serialised from the answer cache (ADR 015)
 * with their ETag, which @fastify/etag compares with If-None-Match to answer 304.
 */
export const productsRoutes: FastifyPluginAsync<{
  products: ProductsService
  cache: AnswerCache
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // The hot catalogue reads build their answers from typed rows; validating every answer again
  // with zod on the way out cost more than the query. The schemas still document the routes.
  const serializerCompiler = () => (data: unknown) => JSON.stringify(data)
  const send = (reply: FastifyReply, answer: CachedAnswer) =>
    reply
      .header('cache-control', 'public, max-age=60')
      .header('etag', answer.etag)
      .type('application/json; charset=utf-8')
      .send(answer.body)
  r.get(
    '/products',
    {
      serializerCompiler,
      schema: {
        tags: ['catalogue'],
        operationId: 'listProducts',
        security: [],
        summary: 'List, search, filter and sort products (keyset paging with cursor)',
        description:
          'A search (q) is typo-tolerant over names, brands, active ingredients and category words in every language. A search that names a weed, pest or disease by any of its common names in English, Malay or Thai (weedy rice, padi angin, ข้าววัชพืช; brown planthopper, bena perang; rice blast, karah) lists only the products whose label controls it, each with spray_when from its label, and says which problem in `problem` (docs/product/catalogue.md).',
        querystring: ProductListQuerySchema,
        response: { 200: ProductListSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // The parsed query lists its fields in schema order: one key per distinct request.
      const key = `list:${JSON.stringify(request.query)}`
      return send(reply, await opts.cache.answer(key, () => opts.products.list(request.query)))
    },
  )
  r.get(
    '/products/brands',
    {
      serializerCompiler,
      schema: {
        tags: ['catalogue'],
        operationId: 'listBrands',
        description:
          'Every brand of the group with at least one product priced in the market, one spelling per brand, in name order: the choices of the list’s brand filter.',
        security: [],
        summary: 'The brands of a group with a product priced in the market (the brand filter)',
        querystring: BrandListQuerySchema,
        response: { 200: BrandListSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await opts.cache.answer(`brands:${JSON.stringify(request.query)}`, () =>
          opts.products.brands(request.query),
        ),
      ),
  )
  r.get(
    '/products/suggestions',
    {
      serializerCompiler,
      schema: {
        tags: ['catalogue'],
        operationId: 'suggestSearches',
        security: [],
        summary: 'Suggestions while typing a search: weeds, pests, diseases and product names',
        description:
          'At most eight: first the weeds, pests and diseases one of whose names (in the asked language first, then the others) starts with what is typed, named in the asked language where it matched there; then products priced in the market whose name starts with it. Fewer than two letters suggest nothing (docs/product/catalogue.md).',
        querystring: SuggestionQuerySchema,
        response: { 200: SuggestionListSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await opts.cache.answer(`suggest:${JSON.stringify(request.query)}`, () =>
          opts.products.suggestions(request.query),
        ),
      ),
  )
  r.get(
    '/products/:id',
    {
      serializerCompiler,
      schema: {
        tags: ['catalogue'],
        operationId: 'getProduct',
        security: [],
        summary: 'One product with its variations and where to buy it',
        description:
          'Prices and stock in the asked market. Each pack (variations[]) says how many the market holds (stock) and which branches hold it, with how many (branches); where_to_buy names every branch holding any pack of the product, with all its packs counted together. An app sorts the branches for its farmer as the shop does (docs/product/orders-and-payments.md, Stock at pickup): the preferred branch first, then by distance from it (GET /branches gives the positions). Checkout (GET /me/checkout) judges a whole order at every branch.',
        params: z.object({ id: ProductIdSchema }),
        querystring: z.object({ market: MarketSchema.default('MY') }),
        response: { 200: ProductDetailSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { market } = request.query
      return send(
        reply,
        await opts.cache.answer(`product:${id}:${market}`, () => opts.products.get(id, market)),
      )
    },
  )
}
