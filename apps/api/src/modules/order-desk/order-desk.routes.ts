import type { FastifyPluginAsync } from 'fastify'
import { IdParamsSchema } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  OrderDeskListSchema,
  OrderDeskOrderSchema,
  OrderDeskQuerySchema,
  ShipmentSchema,
} from '@padi/domain/orders/order-desk-schemas'
import { errorAnswers } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { OrderDeskService } from './order-desk.service.ts'

const errors = errorAnswers(400, 401, 403, 404)

/**
 * docs/product/back-office.md (Orders): the order list and page of the back office (admin and
 * finance: every order; staff: their branch, read only) and the fulfilment of deliveries (admin).
 */
export const orderDeskRoutes: FastifyPluginAsync<{
  desk: OrderDeskService
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { desk } = opts
  const base = { tags: ['back office'], security: [{ bearer: [] }] }
  const readers = opts.guards.requireRole('admin', 'finance', 'staff')
  const admin = opts.guards.requireRole('admin')

  r.get(
    '/admin/orders',
    {
      onRequest: readers,
      schema: {
        ...base,
        summary: 'Orders, newest first, by status, branch, payment, fulfilment and day',
        description:
          'Admin and finance see every order; staff see their own branch’s only, and asking for another branch is refused (403 BRANCH_NOT_YOURS, with the branch_id they may ask for). 25 a page; next_cursor continues from the last row. A cursor this list did not give (broken, forged, from an older version) is refused before any query (400 CURSOR_INVALID): ask again without it, with the same filters. A filter that is not valid: 400 VALIDATION_FAILED.',
        operationId: 'listOrdersForBackOffice',
        querystring: OrderDeskQuerySchema,
        response: { 200: OrderDeskListSchema, ...errors },
      },
    },
    async (request) => desk.list(request.auth!, request.query),
  )

  r.get(
    '/admin/orders/:id',
    {
      onRequest: readers,
      schema: {
        ...base,
        summary: 'One order with its customer, lines and fulfilment',
        operationId: 'getOrderForBackOffice',
        params: IdParamsSchema,
        response: { 200: OrderDeskOrderSchema, ...errors },
      },
    },
    async (request) => desk.get(request.auth!, request.params.id),
  )

  r.post(
    '/admin/orders/:id/shipment',
    {
      onRequest: admin,
      schema: {
        ...base,
        summary: 'Hand a paid delivery to a logistics company, with its tracking link',
        operationId: 'shipOrder',
        params: IdParamsSchema,
        body: ShipmentSchema,
        response: { 200: OrderDeskOrderSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) => desk.ship(request.auth!, request.params.id, request.body),
  )

  r.post(
    '/admin/orders/:id/complete',
    {
      onRequest: admin,
      schema: {
        ...base,
        summary: 'Mark a shipped delivery as completed',
        operationId: 'completeOrder',
        params: IdParamsSchema,
        response: { 200: OrderDeskOrderSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) => desk.complete(request.auth!, request.params.id),
  )
}
