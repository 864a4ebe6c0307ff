import type { FastifyPluginAsync } from 'fastify'
import { IdTextSchema } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  PackCreateSchema,
  ProductCreateSchema,
  ProductVisibilitySchema,
  PackPricesSchema,
  ProductDeskListSchema,
  ProductDeskProductSchema,
  ProductDeskQuerySchema,
  ProductEditSchema,
  StockCountSchema,
} from '@padi/domain/catalogue/product-desk-schemas'
import { errorAnswers } from '../../error-schema.ts'
import { fileAnswer, fileBody } from '../../openapi-document.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { ProductDeskService } from './product-desk.service.ts'
import { DomainError } from '@padi/domain/errors'
import { PHOTO_NAME, type ProductPhotoStore } from '../files/product-photo-store.ts'

const PHOTO_MAX_BYTES = 8 * 1024 * 1024

const Id = IdTextSchema
const errors = errorAnswers(400, 401, 403, 404)

/** docs/product/back-office.md (Products): the catalogue as admin edits it. */
export const productDeskRoutes: FastifyPluginAsync<{
  catalogue: ProductDeskService
  photos: ProductPhotoStore
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { catalogue } = opts
  const base = { tags: ['back office'], security: [{ bearer: [] }] }
  const admin = opts.guards.requireRole('admin')

  // A photo is the body itself, as KYC documents are; a little over the limit is read so the
  // answer can say so rather than the server's own refusal.
  app.addContentTypeParser(
    ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES + 1024 },
    (_request, body, done) => done(null, body),
  )

  r.put(
    '/admin/products/:id/photo',
    {
      onRequest: admin,
      bodyLimit: PHOTO_MAX_BYTES + 1024,
      schema: {
        ...base,
        summary: 'Upload a product’s photo: JPEG, PNG or WebP, at least 240 px, under 8 MB (admin)',
        operationId: 'setProductPhoto',
        ...fileBody(
          ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'],
          PHOTO_MAX_BYTES,
          'The photo: a JPEG, PNG or WebP image, judged by its content.',
        ),
        params: z.object({ id: Id }),
        response: { 200: ProductDeskProductSchema, ...errors, ...errorAnswers(413) },
      },
    },
    async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      if (bytes.length > PHOTO_MAX_BYTES)
        throw new DomainError('UPLOAD_TOO_LARGE', 'The photo is larger than 8 MB')
      return catalogue.setPhoto(request.auth!.userId, request.params.id, bytes)
    },
  )

  r.delete(
    '/admin/products/:id/photo',
    {
      onRequest: admin,
      schema: {
        ...base,
        summary: 'Remove a product’s photo: the shop shows its category’s picture again (admin)',
        operationId: 'removeProductPhoto',
        params: z.object({ id: Id }),
        response: { 200: ProductDeskProductSchema, ...errors },
      },
    },
    async (request) => catalogue.removePhoto(request.auth!.userId, request.params.id),
  )

  // Public: the shop's pages show these (through the web server), cached for a year: a new
  // photo gets a new name, so a URL never shows another picture.
  r.get(
    '/product-photos/:name/:size',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A product photo at one of the shop’s sizes (WebP)',
        operationId: 'getProductPhoto',
        description:
          'A product’s uploaded photo at one of the widths the shop makes of it (the size is the width, for example 480.webp), as WebP. 404 when the product has no such photo.',
        ...fileAnswer(['image/webp'], 'The photo at that width, as WebP.'),
        security: [],
        params: z.object({
          name: z.string().regex(PHOTO_NAME),
          size: z.string().regex(/^\d{2,3}\.webp$/),
        }),
        response: { 200: z.any(), ...errorAnswers(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const bytes = await opts.photos.get(
        request.params.name,
        Number.parseInt(request.params.size, 10),
      )
      if (!bytes) throw new DomainError('NOT_FOUND', 'No such photo')
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes)
    },
  )

  r.get(
    '/admin/products',
    {
      onRequest: admin,
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
      onRequest: admin,
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
      onRequest: admin,
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

  r.post(
    '/admin/products',
    {
      onRequest: admin,
      schema: {
        ...base,
        summary: 'Create a product with its first pack, in every language (admin)',
        operationId: 'createProduct',
        body: ProductCreateSchema,
        response: { 201: ProductDeskProductSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.create(request.auth!.userId, request.body)),
  )

  r.post(
    '/admin/products/:id/packs',
    {
      onRequest: admin,
      schema: {
        ...base,
        summary: 'Add a pack (size or drone model) to a product (admin)',
        operationId: 'addProductPack',
        params: z.object({ id: Id }),
        body: PackCreateSchema,
        response: { 200: ProductDeskProductSchema, ...errors },
      },
    },
    async (request) => catalogue.addPack(request.auth!.userId, request.params.id, request.body),
  )

  r.put(
    '/admin/products/:id/visibility',
    {
      onRequest: admin,
      schema: {
        ...base,
        summary: 'Hide a product from the shop (no list, no page, not for sale) or show it (admin)',
        operationId: 'setProductVisibility',
        params: z.object({ id: Id }),
        body: ProductVisibilitySchema,
        response: { 200: ProductDeskProductSchema, ...errors },
      },
    },
    async (request) =>
      catalogue.setHidden(request.auth!.userId, request.params.id, request.body.hidden),
  )

  r.put(
    '/admin/products/:id/packs/:packId/prices',
    {
      onRequest: admin,
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
      onRequest: admin,
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
