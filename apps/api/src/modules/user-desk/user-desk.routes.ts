import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  StaffAssignmentSchema,
  UserOverviewSchema,
  UserSearchQuerySchema,
  UserSearchSchema,
} from '@padi/domain/auth/user-desk-schemas'
import { UserSchema } from '@padi/domain/auth/user-schema'
import { errorAnswers } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { UserDeskService } from './user-desk.service.ts'

const Params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
const errors = errorAnswers(400, 401, 403, 404)

/**
 * docs/product/back-office.md (Users): search, a customer on one page, suspension (finance and
 * admin), a staff member's role and branch (admin).
 */
export const userDeskRoutes: FastifyPluginAsync<{
  people: UserDeskService
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { people } = opts
  const base = { tags: ['back office'], security: [{ bearer: [] }] }
  const office = opts.guards.requireRole('finance', 'admin')
  const admin = opts.guards.requireRole('admin')

  r.get(
    '/admin/users',
    {
      onRequest: office,
      schema: {
        ...base,
        summary: 'People whose name or mobile number holds the text (finance, admin)',
        operationId: 'searchUsers',
        querystring: UserSearchQuerySchema,
        response: { 200: UserSearchSchema, ...errors },
      },
    },
    async (request) => people.search(request.query.q, request.query.role),
  )

  r.get(
    '/admin/users/:id/overview',
    {
      onRequest: office,
      schema: {
        ...base,
        summary:
          'A person’s profile, credit, KYC, orders, vouchers and transactions (finance, admin)',
        operationId: 'getUserOverview',
        params: Params,
        response: { 200: UserOverviewSchema, ...errors },
      },
    },
    async (request) => people.overview(request.auth!, request.params.id),
  )

  r.post(
    '/admin/users/:id/suspend',
    {
      onRequest: office,
      schema: {
        ...base,
        operationId: 'suspendUser',
        summary: 'Suspend a user and end all of their sessions (finance, admin)',
        description:
          'At once: every call with their tokens answers 403, and the branch counter refuses the codes already on their phone (look-up, sale, hand-over: 409 COUNTER_CUSTOMER_SUSPENDED; docs/product/vouchers.md). Audited.',
        params: Params,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => people.setSuspended(request.auth!.userId, request.params.id, true),
  )

  r.post(
    '/admin/users/:id/reactivate',
    {
      onRequest: office,
      schema: {
        ...base,
        operationId: 'reactivateUser',
        summary: 'Reactivate a suspended user (finance, admin)',
        params: Params,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => people.setSuspended(request.auth!.userId, request.params.id, false),
  )

  r.put(
    '/admin/users/:id/staff',
    {
      onRequest: admin,
      schema: {
        ...base,
        operationId: 'assignStaff',
        summary: 'Change a staff member’s role or branch; their sessions end (admin)',
        params: Params,
        body: StaffAssignmentSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => people.assign(request.auth!.userId, request.params.id, request.body),
  )
}
