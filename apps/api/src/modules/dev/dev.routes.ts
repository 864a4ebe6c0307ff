import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '@padi/db/client'
import { smsOutbox } from '@padi/db/schema/auth'
import { MobileSchema } from '@padi/domain/auth/schemas'

/**
 * Issue 3: outside production the SMS outbox is readable, newest first, so a developer or a
 * browser test can read a code. This plugin is not registered in production.
 */
export const devRoutes: FastifyPluginAsync<{ db: Db }> = async (app, opts) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/sms',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['dev'],
        summary: 'SMS outbox for one number, newest first (not in production)',
        querystring: z.object({
          to: MobileSchema,
          limit: z.coerce.number().int().min(1).max(50).default(10),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                to: z.string(),
                body: z.string(),
                purpose: z.string(),
                status: z.string(),
                created_at: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const rows = await opts.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.to, request.query.to))
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(request.query.limit)
      return {
        data: rows.map((r) => ({
          to: r.to,
          body: r.body,
          purpose: r.purpose,
          status: r.status,
          created_at: r.createdAt.toISOString(),
        })),
      }
    },
  )
}
