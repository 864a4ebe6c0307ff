import { Redis } from 'ioredis'
import type { FastifyBaseLogger } from 'fastify'

/**
 * The Redis connection that shares state between API instances (rate limits; docs/reliability.md)
 * when REDIS_URL is set. Commands never wait in a queue for a Redis that is away: they fail at
 * once, and each user of the connection says what it does then (the rate limits let requests
 * through; the logins' lockouts and the SMS caps live in PostgreSQL and still hold).
 */
export function createRedisClient(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    // Reconnect for ever, at most every 2 s: Redis coming back is picked up without a restart.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  let lastWarning = 0
  redis.on('error', (error: Error) => {
    // Once a minute at most: a Redis that is away for an hour must not fill the log.
    if (Date.now() - lastWarning < 60_000) return
    lastWarning = Date.now()
    log.warn({ err: error }, 'redis unavailable: rate limits fall back to letting requests through')
  })
  return redis
}
