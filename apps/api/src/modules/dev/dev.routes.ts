import { ErrorResponseSchema } from '../../error-schema.ts'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '@padi/db/client'
import { smsOutbox } from '@padi/db/schema/auth'
import { MobileSchema } from '@padi/domain/auth/schemas'
import { DomainError } from '@padi/domain/errors'
import type { OtpService } from '../auth/otp.service.ts'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * docs/product/demo-mode.md: a request from this machine itself, not relayed by a proxy (a proxy
 * on the same host would make every visitor look local).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket?.remoteAddress ?? request.ip
  const relayed =
    request.headers['x-forwarded-for'] !== undefined ||
    request.headers['x-proxy-secret'] !== undefined ||
    request.headers.forwarded !== undefined
  return LOOPBACK.has(peer) && !relayed
}

/**
 * docs/product/demo-mode.md: the demo SMS outbox, newest first, so a person trying the shop (or a
 * browser test) can read a code. Registered only in demo mode, and answers this machine only.
 */
export const devRoutes: FastifyPluginAsync<{ db: Db; otp: OtpService }> = async (app, opts) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/sms',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['dev'],
        summary: 'Demo mode only: the SMS outbox for one number, newest first (this machine only)',
        operationId: 'getDemoSmsOutbox',
        security: [],
        querystring: z.object({
          to: MobileSchema,
          limit: z.coerce.number().int().min(1).max(50).default(10),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                to: z.string(),
                body: z.string().nullable().describe('The text, or null once its code is gone'),
                purpose: z.string(),
                status: z.string(),
                created_at: z.string(),
              }),
            ),
          }),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      if (!fromThisMachine(request)) throw new DomainError('ROUTE_NOT_FOUND', 'Route not found')
      const rows = await opts.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.to, request.query.to))
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(request.query.limit)
      return {
        data: rows.map((r) => ({
          to: r.to,
          body: opts.otp.outboxText(r),
          purpose: r.purpose,
          status: r.status,
          created_at: r.createdAt.toISOString(),
        })),
      }
    },
  )
}
