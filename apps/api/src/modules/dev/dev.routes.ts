import { ErrorResponseSchema } from '../../error-schema.ts'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { DevService } from './dev.service.ts'
import { MobileSchema } from '@padi/domain/auth/schemas'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * The names a request may be addressed to: only ones that cannot mean any other machine. A web
 * page whose own name was rebound to 127.0.0.1 (DNS rebinding, docs/security.md row 62) still
 * sends its own name in Host, and a port is taken only as digits.
 */
const THIS_MACHINE_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?$/i

/**
 * docs/product/demo-mode.md: a request from this machine itself, not relayed by a proxy (a proxy
 * on the same host would make every visitor look local), addressed to this machine by a loopback
 * name on the port it arrived at (the API's own port, API_PORT). A request made inside the
 * process (app.inject) has no connection and so no port to compare; only its name is checked.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket?.remoteAddress ?? request.ip
  const relayed =
    request.headers['x-forwarded-for'] !== undefined ||
    request.headers['x-proxy-secret'] !== undefined ||
    request.headers.forwarded !== undefined
  if (!LOOPBACK.has(peer) || relayed) return false
  const host = THIS_MACHINE_HOST.exec(request.headers.host ?? '')
  if (!host) return false
  const port = request.socket?.localPort
  // Without a port in Host a browser means port 80.
  return port === undefined || Number(host[1] ?? 80) === port
}

/**
 * Runs as each route's onRequest hook, before the query or body is validated, so a refused
 * caller learns nothing (not even a 400): the answer is the one of a route that does not exist.
 */
async function thisMachineOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!fromThisMachine(request)) return reply.callNotFound()
}

/**
 * docs/product/demo-mode.md: the demo SMS outbox, newest first, so a person trying the shop (or a
 * browser test) can read a code. Registered only in demo mode, and answers this machine only.
 */
export const devRoutes: FastifyPluginAsync<{ dev: DevService }> = async (app, opts) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/sms',
    {
      config: { rateLimit: false },
      onRequest: thisMachineOnly,
      schema: {
        tags: ['dev'],
        summary: 'Demo mode only: the SMS outbox for one number, newest first (this machine only)',
        operationId: 'getDemoSmsOutbox',
        description:
          'Demo mode only (DEMO_MODE=true; absent otherwise): the SMS the demo has kept instead of sending, for one mobile number, newest first, so a tester can read a code. Never in production.',
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
    async (request) => ({ data: await opts.dev.outbox(request.query.to, request.query.limit) }),
  )
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/credit-lines',
    {
      config: { rateLimit: false },
      onRequest: thisMachineOnly,
      schema: {
        tags: ['dev'],
        summary:
          'Demo mode only: give a customer without one an active credit line (this machine only)',
        description:
          'Lets a person trying the shop (or a browser test) pay with credit as a new customer without waiting for finance. Due at the harvest (in 150 days unless given), expiring in 365 days; `state: suspended` gives a line whose contract needs renewing.',
        operationId: 'grantDemoCreditLine',
        security: [],
        body: z.object({
          mobile: MobileSchema,
          amount_minor: z.number().int().min(1).max(100_000_000),
          planting_on: z.iso.date().optional(),
          harvest_on: z.iso.date().optional().describe('The harvest (due) date'),
          state: z.enum(['active', 'suspended']).default('active'),
        }),
        response: {
          201: z.object({ id: z.number().int() }),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await opts.dev.grantCreditLine(request.body)),
  )
}
