import type { FastifyInstance } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import type { ApiConfig } from '../config.ts'

/**
 * The limit every route has unless it sets its own. docs/reliability.md (Shared state): with
 * REDIS_URL the limits count across every instance.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: ApiConfig,
  redis: Redis | null,
) {
  await app.register(rateLimit, {
    ...(redis
      ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:`, skipOnError: true }
      : {}),
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request) => request.clientIp,
    // The limiter's own 429 goes through our error handler so it has the one error shape.
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests',
      retryAfterSeconds: Math.ceil(ctx.ttl / 1000),
    }),
  })
}
