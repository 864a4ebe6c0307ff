import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  PackPricesSchema,
  ProductDeskListSchema,
  ProductDeskProductSchema,
  ProductDeskQuerySchema,
  ProductEditSchema,
  StockCountSchema,
} from '@padi/domain/catalogue/product-desk-schemas'
import { errorAnswers } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { ProductDeskService } from './product-desk.service.ts'

const Id = z.coerce.number().int().positive().max(2_147_483_647)
const errors = errorAnswers(400, 401, 403, 404)

/** docs/product/back-office.md (Products): the catalogue as admin edits it. */
export const productDeskRoutes: FastifyPluginAsync<{
  catalogue: ProductDeskService
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { catalogue } = opts
  const base = { tags: ['back office'], security: [{ bearer: [] }] }
  const admin = opts.guards.requireRole('admin')

  r.get(
    '/admin/products',
    {
      preHandler: admin,
      schema: {
        ...base,
        summary: 'Products by name or brand, 50 a page (admin)',
        operationId: 'listProductsForBackOffice',
        querystring: ProductDeskQuerySchema,
        response: { 200: ProductDeskListSchema, ...errors },
      },
    },
    async (request) => catalogue.list(request.query),
  )

  r.get(
    '/admin/products/:id',
    {
      preHandler: admin,
      schema: {
        ...base,
        summary: 'A product with its packs, prices and stock at every branch (admin)',
        operationId: 'getProductForBackOffice',
        params: z.object({ id: Id }),
        response: { 200: ProductDeskProductSchema, ...errors },
      },
    },
    async (request) => catalogue.get(request.params.id),
  )

  r.put(
    '/admin/products/:id',
    {
      preHandler: admin,
      schema: {
        ...base,
        summary: 'Change a product’s texts, brand and featured flag (admin)',
        operationId: 'editProduct',
        params: z.object({ id: Id }),
        body: ProductEditSchema,
        response: { 200: ProductDeskProductSchema, ...errors },
      },
    },
    async (request) => catalogue.edit(request.auth!.userId, request.params.id, request.body),
  )

  r.put(
    '/admin/products/:id/packs/:packId/prices',
    {
      preHandler: admin,
      schema: {
        ...base,
        summary: 'Set a pack’s price in each country; null: not sold there (admin)',
        operationId: 'setPackPrices',
        params: z.object({ id: Id, packId: Id }),
        body: PackPricesSchema,
        response: { 200: ProductDeskProductSchema, ...errors },
      },
    },
    async (request) =>
      catalogue.setPrices(
        request.auth!.userId,
        request.params.id,
        request.params.packId,
        request.body,
      ),
  )

  r.put(
    '/admin/products/:id/packs/:packId/stock',
    {
      preHandler: admin,
      schema: {
        ...base,
        summary: 'Set a pack’s stock at a branch if it is still what was seen (admin)',
        operationId: 'setPackStock',
        params: z.object({ id: Id, packId: Id }),
        body: StockCountSchema,
        response: { 200: ProductDeskProductSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) =>
      catalogue.setStock(
        request.auth!.userId,
        request.params.id,
        request.params.packId,
        request.body,
      ),
  )
}
