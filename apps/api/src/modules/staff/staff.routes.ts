import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MobileSchema } from '@padi/domain/auth/schemas'
import { ErrorResponseSchema } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { UsersService } from '../users/users.service.ts'

/**
 * Counter staff look a customer up by mobile number before serving them (docs/product/accounts.md: staff belong to
 * a branch; a customer never reaches a staff endpoint). Answers only what the counter needs.
 */
export const staffRoutes: FastifyPluginAsync<{ users: UsersService; guards: Guards }> = async (
  app,
  opts,
) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/staff/customers',
    {
      onRequest: opts.guards.requireRole('staff', 'admin'),
      schema: {
        tags: ['staff'],
        summary: 'Find a customer by mobile number (branch staff, admin)',
        operationId: 'findCustomerByMobile',
        security: [{ bearer: [] }],
        querystring: z.object({ mobile: MobileSchema }),
        response: {
          200: z.object({
            id: z.number().int(),
            full_name: z.string(),
            mobile: z.string(),
            status: z.string(),
            kyc_status: z.string().nullable(),
          }),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => opts.users.customerByMobile(request.query.mobile),
  )
}
