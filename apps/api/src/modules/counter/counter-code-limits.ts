import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import type { Db } from '@padi/db/client'
import { DomainError, type ErrorCode } from '@padi/domain/errors'
import type { Clock } from '../../clock.ts'
import { createCounterRepository } from './counter.repository.ts'

/** The counter's operations that take a customer's code (each one a possible guess). */
export type CodeOperation = 'lookup' | 'purchase' | 'hand_over'

/**
 * The refusals that count as a miss: a code nobody was given, or one that ran out. A used code or
 * a suspended customer is a real code: the clerk is told so, and it does not count.
 */
const MISSES: ReadonlySet<ErrorCode> = new Set(['QR_NOT_FOUND', 'QR_EXPIRED'])

export type CounterCodeLimitSettings = {
  perStaff: number
  perBranch: number
  windowMs: number
}

/** Where the misses are counted: one count per key, kept a little longer than its window. */
type MissStore = {
  /** Adds one to each key; answers the new counts in the same order. */
  add(keys: readonly string[], ttlMs: number): Promise<number[]>
  /** Takes one off each key again (an attempt that turned out not to be a miss). */
  remove(keys: readonly string[]): Promise<void>
  /** The counts as they are. */
  peek(keys: readonly string[]): Promise<number[]>
}

/** One process's counts: without REDIS_URL, as the shop's other request limits (reliability.md). */
function memoryStore(now: () => number): MissStore {
  const counts = new Map<string, { n: number; until: number }>()
  let lastSweep = 0
  return {
    async add(keys, ttlMs) {
      const at = now()
      // Old windows are dropped now and then, so a long-running server keeps only live counts.
      if (at - lastSweep > ttlMs) {
        lastSweep = at
        for (const [key, entry] of counts) if (entry.until <= at) counts.delete(key)
      }
      return keys.map((key) => {
        const entry = counts.get(key) ?? { n: 0, until: at + ttlMs }
        entry.n += 1
        counts.set(key, entry)
        return entry.n
      })
    },
    async remove(keys) {
      for (const key of keys) {
        const entry = counts.get(key)
        if (entry && entry.n > 0) entry.n -= 1
      }
    },
    async peek(keys) {
      return keys.map((key) => counts.get(key)?.n ?? 0)
    },
  }
}

const TAKE_BACK = `
for _, key in ipairs(KEYS) do
  local n = tonumber(redis.call('get', key) or '0')
  if n and n > 0 then redis.call('decr', key) end
end
return 0`

/**
 * Every API instance's counts in one place (ADR 056): INCR and PEXPIRE in one MULTI; the take-back
 * only touches a key that still exists, so a late one never leaves a negative count behind.
 */
function redisStore(redis: Redis): MissStore {
  return {
    async add(keys, ttlMs) {
      const multi = redis.multi()
      for (const key of keys) multi.incr(key).pexpire(key, ttlMs)
      const replies = await multi.exec()
      if (!replies) throw new Error('redis transaction aborted')
      return keys.map((_, i) => {
        const [error, count] = replies[i * 2]!
        if (error) throw error
        return Number(count)
      })
    },
    async remove(keys) {
      await redis.eval(TAKE_BACK, keys.length, ...keys)
    },
    async peek(keys) {
      return (await redis.mget(...keys)).map((n) => Number(n ?? 0))
    },
  }
}

/**
 * docs/product/vouchers.md (guessing codes), ADR 061: the counter's unknown and expired codes are
 * counted per staff member and per branch, in fixed windows of the clock (so a test moves time
 * instead of sleeping); past either limit every operation that takes a code answers 429 with
 * Retry-After until the window ends, and each such refusal is written to the audit log.
 *
 * Typed digits are what can be guessed: such an attempt is counted before it is looked up and
 * taken back when it was not a miss, so many guesses sent at once cannot all pass a check made
 * before any of them failed. A scanned token carries the server's HMAC and cannot be guessed: it
 * is refused while the limit holds and counted when it fails, but never reserved, so sales sent
 * at once with real codes (two counters, a retry) never stop each other.
 */
export function createCounterCodeLimits(deps: {
  db: Db
  clock: Clock
  settings: CounterCodeLimitSettings
  redis?: Redis | null
  keyPrefix?: string
  log?: FastifyBaseLogger
}) {
  const { db, clock, settings } = deps
  const now = () => clock.now().getTime()
  const memory = memoryStore(now)
  const shared = deps.redis ? redisStore(deps.redis) : null
  const prefix = `${deps.keyPrefix ?? ''}counter-code-misses:`
  // Two windows: a key outlives the window it counts, whichever server's clock is a little ahead.
  const ttlMs = settings.windowMs * 2
  let lastWarning = 0

  /**
   * Redis when it is there; with Redis away this server's own memory, so each server still
   * limits what it sees rather than letting every guess through (ADR 061).
   */
  async function using<R>(use: (store: MissStore) => Promise<R>): Promise<[MissStore, R]> {
    if (shared) {
      try {
        return [shared, await use(shared)]
      } catch (error) {
        if (Date.now() - lastWarning > 60_000) {
          lastWarning = Date.now()
          deps.log?.warn({ err: error }, 'redis unavailable: counter code misses counted locally')
        }
      }
    }
    return [memory, await use(memory)]
  }

  async function takeBack(store: MissStore, keys: string[]) {
    // Never fails the operation: at worst one attempt too many stays counted for the window.
    await store.remove(keys).catch((error: unknown) => {
      deps.log?.warn({ err: error }, 'counter code misses: could not take an attempt back')
    })
  }

  type Who = { staffId: number; branchId: number; operation: CodeOperation }

  /** The 429, written to the audit log first: who, where, which limit, how long. */
  async function refuse(
    who: Who,
    at: number,
    window: number,
    over: 'staff' | 'branch',
    misses: number,
  ) {
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * settings.windowMs - at) / 1000))
    await createCounterRepository(db).insertAuditEntry({
      actorUserId: who.staffId,
      action: 'counter.code_misses_limited',
      subjectType: 'branch',
      subjectId: who.branchId,
      after: {
        limit: over,
        operation: who.operation,
        misses,
        max: over === 'staff' ? settings.perStaff : settings.perBranch,
        window_ms: settings.windowMs,
        retry_after_seconds: retryAfterSeconds,
      },
      createdAt: new Date(at),
    })
    return new DomainError(
      'QR_LOOKUP_LIMITED',
      over === 'staff'
        ? 'Too many unknown or expired codes from you: wait before the next one'
        : 'Too many unknown or expired codes at this branch: wait before the next one',
      { retryAfterSeconds, extra: { retryAfterSeconds, limit: over } },
    )
  }

  /** The limit already reached by the misses counted before this attempt, if any. */
  const reached = (staff: number, branch: number) =>
    staff >= settings.perStaff
      ? { over: 'staff' as const, misses: staff }
      : branch >= settings.perBranch
        ? { over: 'branch' as const, misses: branch }
        : null

  return {
    settings,

    /**
     * Runs `work` (which looks the code up) unless this staff member or this branch has had too
     * many misses in the current window; counts it when it fails as a miss.
     */
    async guard<T>(
      who: Who,
      input: { token?: string | undefined; digits?: string | undefined },
      work: () => Promise<T>,
    ): Promise<T> {
      const at = now()
      const window = Math.floor(at / settings.windowMs)
      const keys = [
        `${prefix}staff:${who.staffId}:${window}`,
        `${prefix}branch:${who.branchId}:${window}`,
      ]
      const isMiss = (error: unknown) => error instanceof DomainError && MISSES.has(error.code)
      if (input.token) {
        const [, [staff, branch]] = await using((store) => store.peek(keys))
        const limited = reached(staff!, branch!)
        if (limited) throw await refuse(who, at, window, limited.over, limited.misses)
        try {
          return await work()
        } catch (error) {
          if (isMiss(error)) await using((store) => store.add(keys, ttlMs))
          throw error
        }
      }
      const [store, [staff, branch]] = await using((s) => s.add(keys, ttlMs))
      // The counts include this attempt.
      const limited = reached(staff! - 1, branch! - 1)
      if (limited) {
        // A refused attempt is not a miss: only codes really looked up are counted.
        await takeBack(store, keys)
        throw await refuse(who, at, window, limited.over, limited.misses)
      }
      let result: T
      try {
        result = await work()
      } catch (error) {
        if (!isMiss(error)) await takeBack(store, keys)
        throw error
      }
      await takeBack(store, keys)
      return result
    },
  }
}
export type CounterCodeLimits = ReturnType<typeof createCounterCodeLimits>
