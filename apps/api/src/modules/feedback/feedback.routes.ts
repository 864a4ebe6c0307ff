import type { FastifyPluginAsync } from 'fastify'
import { IdTextSchema } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { FeedbackListSchema, FeedbackSchema } from '@padi/domain/feedback/schemas'
import { LocaleSchema } from '@padi/domain/i18n/locale-schemas'
import { errorAnswers } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { FeedbackService } from './feedback.service.ts'

/** docs/product/error-reporting.md (Report a Bug). */
export const feedbackRoutes: FastifyPluginAsync<{
  feedback: FeedbackService
  guards: Guards
  rateLimitMax: number
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/feedback',
    {
      config: { rateLimit: { max: opts.rateLimitMax, timeWindow: 60_000 } },
      // Anyone may report; a logged-in user's report names them (an invalid token is refused).
      onRequest: opts.guards.optional,
      schema: {
        tags: ['feedback'],
        operationId: 'sendFeedback',
        // Open to all; a client may send the user's bearer token to name them in the report.
        security: [],
        summary: 'Report a bug: a description and the page (to the error service or kept)',
        description:
          'Anyone may report. With a bearer token the report names its user; an invalid token is refused (401).',
        querystring: z.object({ locale: LocaleSchema.default('en') }),
        body: FeedbackSchema.meta({ id: 'FeedbackPayload' }),
        response: {
          201: z.object({ sent_to: z.enum(['service', 'shop']) }).meta({ id: 'FeedbackReceived' }),
          ...errorAnswers(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await opts.feedback.submit({
        ...request.body,
        locale: request.query.locale,
        userId: request.auth?.userId ?? null,
      })
      return reply.status(201).send(result)
    },
  )

  r.get(
    '/admin/feedback',
    {
      onRequest: opts.guards.requireRole('admin'),
      schema: {
        tags: ['back office'],
        operationId: 'listFeedback',
        security: [{ bearer: [] }],
        summary: 'Bug reports kept by the shop, newest first (admin)',
        querystring: z.object({
          before: IdTextSchema.optional(),
        }),
        response: { 200: FeedbackListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => opts.feedback.list(request.query.before),
  )
}
