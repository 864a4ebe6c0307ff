import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AddressInputSchema, AddressSchema } from '@padi/domain/addresses/address-schemas'
import { errorAnswers } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { AddressesService } from './addresses.service.ts'

const errors = errorAnswers(400, 401, 403, 404, 409)
const Params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export const addressesRoutes: FastifyPluginAsync<{
  addresses: AddressesService
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { addresses } = opts
  const common = { tags: ['addresses'], security: [{ bearer: [] }] }
  const onRequest = opts.guards.authenticate

  r.get(
    '/me/addresses',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The logged-in customer’s delivery addresses, the default first',
        operationId: 'listMyAddresses',
        response: { 200: z.object({ data: z.array(AddressSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await addresses.list(request.auth!.userId) }),
  )

  r.post(
    '/me/addresses',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Add a delivery address (the first becomes the default)',
        description:
          'Every field is required; the state is an ISO 3166-2 code of the customer’s country and must be the postcode’s. At most 10 addresses.',
        operationId: 'addMyAddress',
        body: AddressInputSchema,
        response: { 201: AddressSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addresses.add(request.auth!.userId, request.body)),
  )

  r.put(
    '/me/addresses/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Change a delivery address',
        operationId: 'updateMyAddress',
        params: Params,
        body: AddressInputSchema,
        response: { 200: AddressSchema, ...errors },
      },
    },
    async (request) => addresses.update(request.auth!.userId, request.params.id, request.body),
  )

  r.post(
    '/me/addresses/:id/default',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Make an address the default',
        operationId: 'setMyDefaultAddress',
        params: Params,
        response: { 200: AddressSchema, ...errors },
      },
    },
    async (request) => addresses.setDefault(request.auth!.userId, request.params.id),
  )

  r.delete(
    '/me/addresses/:id',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Delete an address (not the default)',
        operationId: 'deleteMyAddress',
        params: Params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await addresses.remove(request.auth!.userId, request.params.id)
      return reply.status(204).send(null)
    },
  )
}
