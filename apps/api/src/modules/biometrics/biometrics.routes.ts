import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BiometricDeviceSchema,
  CeremonyOptionsSchema,
  RegisterDeviceSchema,
} from '@padi/domain/payment/biometric-schemas'
import { errorAnswers } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { BiometricsService } from './biometrics.service.ts'

const errors = errorAnswers(400, 401, 403, 404, 409, 429)

/** docs/product/orders-and-payments.md (Biometrics): the devices a customer pays with. */
export const biometricsRoutes: FastifyPluginAsync<{
  biometrics: BiometricsService
  guards: Guards
  rateLimitMax: number
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { biometrics } = opts
  const common = {
    tags: ['payment'],
    security: [{ bearer: [] }],
  }
  const limited = { rateLimit: { max: opts.rateLimitMax, timeWindow: 60_000 } }

  r.get(
    '/me/biometrics',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'The devices the customer registered to pay with biometrics',
        operationId: 'listMyBiometricDevices',
        response: { 200: z.object({ data: z.array(BiometricDeviceSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await biometrics.devices(request.auth!.userId) }),
  )

  r.post(
    '/me/biometrics/options',
    {
      onRequest: opts.guards.authenticate,
      config: limited,
      schema: {
        ...common,
        summary: 'Options to register this device (navigator.credentials.create)',
        description:
          'User verification is required; the challenge is good once, for 5 minutes. The device prompt times out after 60 s.',
        operationId: 'biometricRegistrationOptions',
        response: { 200: CeremonyOptionsSchema, ...errors },
      },
    },
    async (request) => biometrics.registrationOptions(request.auth!.userId),
  )

  r.post(
    '/me/biometrics',
    {
      onRequest: opts.guards.authenticate,
      config: limited,
      schema: {
        ...common,
        summary: 'Register this device with its answer to the registration options',
        operationId: 'registerBiometricDevice',
        body: RegisterDeviceSchema,
        response: { 201: BiometricDeviceSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await biometrics.register(request.auth!.userId, request.body)),
  )

  r.delete(
    '/me/biometrics/:id',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'Remove a registered device',
        operationId: 'removeBiometricDevice',
        params: z.object({ id: z.string().min(1).max(1024) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await biometrics.remove(request.auth!.userId, request.params.id)
      return reply.status(204).send(null)
    },
  )
}
