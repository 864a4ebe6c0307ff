import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'

/** A ready answer: the JSON body and its weak ETag, both computed once per entry. */
export type CachedAnswer = { body: string; etag: string }

export type AnswerCache = {
  /** The answer for key: from the cache, or built once however many requests ask at the same time. */
  answer: (key: string, build: () => Promise<unknown>) => Promise<CachedAnswer>
  /** Drops every answer; catalogue writes call it (later issues: admin edits, stock moves). */
  clear: () => void
  stats: () => { hits: number; misses: number }
}

const toAnswer = (value: unknown): CachedAnswer => {
  const body = JSON.stringify(value)
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` }
}

/**
 * ADR 015: catalogue reads are public and change rarely, and on this kind of box every database
 * round trip costs more than the rest of the request. Answers are kept for ttlMs (the same order as
 * the Cache-Control max-age the API already promises), bounded by memory, and concurrent misses for
 * one key share one query. ttlMs 0 turns the cache off: every request builds its answer.
 */
export function createAnswerCache(options: {
  ttlMs: number
  maxBytes: number
  /** Awaited before each answer: drops what another instance's change made stale (content-watch.ts). */
  sync?: () => Promise<void>
}): AnswerCache {
  let hits = 0
  let misses = 0
  if (options.ttlMs <= 0) {
    return {
      answer: async (_key, build) => {
        misses++
        return toAnswer(await build())
      },
      clear: () => undefined,
      stats: () => ({ hits, misses }),
    }
  }
  const cache = new LRUCache<string, CachedAnswer, () => Promise<unknown>>({
    ttl: options.ttlMs,
    maxSize: options.maxBytes,
    // UTF-16 in memory, plus the key and the ETag.
    sizeCalculation: (value, key) => value.body.length * 2 + key.length * 2 + 128,
    fetchMethod: async (_key, _stale, { context }) => {
      misses++
      return toAnswer(await context())
    },
  })
  return {
    answer: async (key, build) => {
      await options.sync?.()
      const status: LRUCache.Status<string, CachedAnswer, () => Promise<unknown>> = {}
      const found = await cache.fetch(key, { context: build, status })
      if (status.fetch === 'hit' || status.fetch === 'inflight') hits++
      // fetchMethod never answers undefined; a failed build rejects and caches nothing.
      return found as CachedAnswer
    },
    clear: () => cache.clear(),
    stats: () => ({ hits, misses }),
  }
}
