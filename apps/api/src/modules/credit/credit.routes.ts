import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { CreditRecordSchema } from '@padi/domain/credit/credit-schemas'
import { z } from 'zod'
import { ErrorResponseSchema } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { CreditService } from './credit.service.ts'
import { LIST_CREDITS_EXAMPLES } from './credit-examples.ts'

export const creditRoutes: FastifyPluginAsync<{ credit: CreditService; guards: Guards }> = async (
  app,
  opts,
) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me/credits',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        tags: ['credit'],
        summary: 'The logged-in customer’s credit lines, the one in use first',
        description:
          'Approved, utilised and available credit, what is outstanding (principal, interest, late fee), the due date and what is overdue. An empty list when the customer has no line.',
        operationId: 'listMyCredits',
        ...LIST_CREDITS_EXAMPLES,
        security: [{ bearer: [] }],
        response: {
          200: z.object({ data: z.array(CreditRecordSchema.meta({ id: 'CreditRecord' })) }),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await opts.credit.credits(request.auth!.userId) }),
  )
}
