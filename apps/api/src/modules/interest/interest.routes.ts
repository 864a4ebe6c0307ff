import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { InterestSchema } from '@padi/domain/interest/schemas'
import { LocaleSchema } from '@padi/domain/i18n/locale-schemas'
import { ErrorResponseSchema } from '../../error-schema.ts'
import type { InterestService } from './interest.service.ts'

export const interestRoutes: FastifyPluginAsync<{
  interest: InterestService
  rateLimitMax: number
}> = async (app, opts) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/interest',
    {
      config: { rateLimit: { max: opts.rateLimitMax, timeWindow: 60_000 } },
      schema: {
        tags: ['interest'],
        operationId: 'registerInterest',
        description:
          'A visitor where the shop does not serve yet leaves an email address, a name and the place (postcode of a market, area, district) to hear when it does. Answers 201 and sends nothing back; a bad field answers 400 with each field’s message.',
        security: [],
        summary: 'Register interest (docs/product/branches-and-contact.md interest payload)',
        querystring: z.object({ locale: LocaleSchema.default('en') }),
        body: InterestSchema.meta({ id: 'InterestPayload' }),
        response: {
          201: z
            .object({ statusCode: z.literal(201), message: z.string() })
            .meta({ id: 'InterestRegistered' }),
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await opts.interest.register(request.body, request.query.locale)
      return reply.status(201).send({ statusCode: 201, message: 'Interest registered' })
    },
  )
}
