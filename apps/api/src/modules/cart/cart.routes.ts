import type { FastifyPluginAsync } from 'fastify'
import { IdTextSchema } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CartLineAddSchema,
  CartLinePutSchema,
  CartMergeSchema,
  CartSchema,
} from '@padi/domain/cart/cart-schemas'
import { errorAnswers } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { CartService } from './cart.service.ts'
import { ADD_TO_CART_EXAMPLES, GET_CART_EXAMPLES } from './cart-examples.ts'

const errors = errorAnswers(400, 401, 403, 404, 409)
const LineParams = z.object({ variation_id: IdTextSchema })

export const cartRoutes: FastifyPluginAsync<{ cart: CartService; guards: Guards }> = async (
  app,
  opts,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { cart } = opts
  const common = { tags: ['cart'], security: [{ bearer: [] }] }

  r.get(
    '/me/cart',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'The logged-in customer’s cart, priced now in their market',
        operationId: 'getMyCart',
        ...GET_CART_EXAMPLES,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => cart.get(request.auth!.userId),
  )

  r.post(
    '/me/cart/lines',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'Add a pack to the cart (the count is added to what the cart holds)',
        description:
          'The line ends at most at the stock in the customer’s market; the answer shows what it holds.',
        operationId: 'addToMyCart',
        ...ADD_TO_CART_EXAMPLES,
        body: CartLineAddSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) =>
      cart.setLine(request.auth!.userId, request.body.variation_id, {
        count: request.body.count,
        add: true,
      }),
  )

  r.put(
    '/me/cart/lines/:variation_id',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'Put a pack in the cart, or change its count (0 removes it) and selection',
        description:
          'A count above the stock in the customer’s market is lowered to it; the answer shows what the line holds.',
        operationId: 'putMyCartLine',
        params: LineParams,
        body: CartLinePutSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) =>
      cart.setLine(request.auth!.userId, request.params.variation_id, request.body),
  )

  r.delete(
    '/me/cart/lines/:variation_id',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'Take a pack out of the cart',
        operationId: 'deleteMyCartLine',
        params: LineParams,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => cart.removeLine(request.auth!.userId, request.params.variation_id),
  )

  r.post(
    '/me/cart/merge',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'Join the lines a visitor collected before logging in to the account’s cart',
        description:
          'A pack already in the cart keeps the larger count; packs not sold in the market or out of stock are left out; at most 30 lines.',
        operationId: 'mergeMyCart',
        body: CartMergeSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) =>
      cart.merge(
        request.auth!.userId,
        request.body.lines.map((l) => ({
          variationId: l.variation_id,
          count: l.count,
          selected: l.selected,
        })),
      ),
  )
}
