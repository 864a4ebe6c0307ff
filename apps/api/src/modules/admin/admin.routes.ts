import type { FastifyPluginAsync } from 'fastify'
import { IdParamsSchema } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { UserSchema } from '@padi/domain/auth/user-schema'
import { ErrorResponseSchema } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { Clock } from '../../clock.ts'
import type { UsersService } from '../users/users.service.ts'

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
}

/** Back-office endpoints: finance and admin read an account; admin sets a legal hold (docs/security.md row 18). */
export const adminRoutes: FastifyPluginAsync<{
  users: UsersService
  guards: Guards
  clock: Clock
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/admin/users/:id',
    {
      onRequest: opts.guards.requireRole('finance', 'admin'),
      schema: {
        tags: ['admin'],
        summary: "Read one user's profile and status (finance, admin)",
        operationId: 'getUser',
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => opts.users.get(request.params.id),
  )
  r.post(
    '/admin/users/:id/legal-hold',
    {
      onRequest: opts.guards.requireRole('admin'),
      schema: {
        tags: ['admin'],
        operationId: 'setLegalHold',
        summary: 'Put a customer under a legal hold (keeps their KYC data six years) or lift it',
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        body: z.object({ hold: z.boolean() }),
        response: {
          200: z.object({ legal_hold_at: z.string().nullable() }),
          ...errors,
        },
      },
    },
    async (request) =>
      opts.users.setLegalHold(
        request.auth!.userId,
        request.params.id,
        request.body.hold,
        opts.clock.now(),
      ),
  )
}
