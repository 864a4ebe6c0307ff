import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PinResetSchema, SetPinSchema } from '@padi/domain/credit/credit-schemas'
import { LocaleSchema } from '@padi/domain/i18n/locale-schemas'
import { ErrorResponseSchema } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { PinService } from './pin.service.ts'

export const pinRoutes: FastifyPluginAsync<{
  pins: PinService
  guards: Guards
  rateLimitMax: number
}> = async (app, opts) => {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/me/pin',
    {
      onRequest: opts.guards.authenticate,
      config: { rateLimit: { max: opts.rateLimitMax, timeWindow: 60_000 } },
      schema: {
        tags: ['payment'],
        summary: 'Set the payment PIN, or change it with the current one',
        description:
          'Exactly 6 digits, not a common PIN (repeated or sequential digits, the end of the mobile number). Changing it needs current_pin, which counts towards the lock: 5 wrong PINs in a row lock payment for 30 minutes.',
        operationId: 'setMyPin',
        security: [{ bearer: [] }],
        body: SetPinSchema,
        response: {
          200: z.object({ is_pin_set: z.literal(true) }),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          423: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => opts.pins.set(request.auth!.userId, request.body),
  )

  const r = app.withTypeProvider<ZodTypeProvider>()
  const errors = {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    429: ErrorResponseSchema,
  }
  r.post(
    '/me/pin/forgot',
    {
      onRequest: opts.guards.authenticate,
      config: { rateLimit: { max: opts.rateLimitMax, timeWindow: 60_000 } },
      schema: {
        tags: ['payment'],
        summary: 'Forgot PIN: send a code by SMS to the customer’s mobile number',
        description:
          'Answers the pre-auth session and device ids to send back with the code to POST /me/pin/reset. The same limits as every code apply.',
        operationId: 'forgotMyPin',
        security: [{ bearer: [] }],
        querystring: z.object({ locale: LocaleSchema.default('en') }),
        response: {
          200: z.object({
            message: z.string(),
            preAuthSessionId: z.string(),
            deviceId: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) =>
      opts.pins.forgot(request.auth!.userId, {
        clientIp: request.clientIp,
        locale: request.query.locale,
      }),
  )
  r.post(
    '/me/pin/reset',
    {
      onRequest: opts.guards.authenticate,
      config: { rateLimit: { max: opts.rateLimitMax, timeWindow: 60_000 } },
      schema: {
        tags: ['payment'],
        summary: 'Set a new PIN with the code sent by SMS (clears a lock)',
        operationId: 'resetMyPin',
        security: [{ bearer: [] }],
        body: PinResetSchema,
        response: { 200: z.object({ is_pin_set: z.literal(true) }), ...errors },
      },
    },
    async (request) => opts.pins.reset(request.auth!.userId, request.body),
  )
}
