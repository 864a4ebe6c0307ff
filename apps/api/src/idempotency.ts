import { createHash } from 'node:crypto'
import { and, eq, lt, or } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { idempotencyKeys } from '@padi/db/schema/orders'
import { DomainError } from '@padi/domain/errors'
import { IDEMPOTENCY_STALE_MS, IDEMPOTENCY_TTL_MS } from '@padi/domain/orders/order-rules'

/*
 * docs/reliability.md (Retries and the Idempotency-Key): the one rule every request that takes
 * an Idempotency-Key follows (orders, counter sales, vouchers, receipts, KYC documents).
 *
 * - A key is bound to its request: the hash of the validated body (`requestHash`), with the
 *   top-level fields in name order, so a client that sends the same fields in another order is
 *   making the same request. Secrets (a PIN, a device's answer) are left out by the caller.
 * - The same key and request answer the first answer, for 24 hours; the same key with another
 *   request is refused (IDEMPOTENCY_MISMATCH, 422); a try while the first is under way is told
 *   so (IDEMPOTENCY_IN_FLIGHT, 409).
 * - A request that was refused, or died, leaves its key free; after 24 hours every key is free.
 *
 * Orders enact the rule inside their database statement (ADR 040) with `keyWindow`; every other
 * route through `onceForKey`.
 */

/**
 * The hash a key is bound to: top-level fields in name order, nested values as validated (zod
 * rebuilds objects in the schema's order); a list keeps its order, which is part of the request.
 */
export function requestHash(body: object): string {
  const fields = Array.isArray(body) ? body : Object.fromEntries(Object.entries(body).sort())
  const canonical = JSON.stringify(fields)
  return createHash('sha256').update(canonical).digest('base64url')
}

/** Keys taken before `expired_before` are free again; so are keys in flight since `stale_before`. */
export function keyWindow(now: Date) {
  return {
    staleBefore: new Date(now.getTime() - IDEMPOTENCY_STALE_MS),
    expiredBefore: new Date(now.getTime() - IDEMPOTENCY_TTL_MS),
  }
}

/**
 * Runs `work` once per (user, Idempotency-Key) inside the caller's transaction: the key's row is
 * taken first (a concurrent try with the same key waits on it, then answers the first answer).
 * A refusal or a crash rolls the transaction back and with it the key, so it is free again; a
 * key older than 24 hours is taken over. The answer is kept with the key.
 */
export async function onceForKey<T>(
  tx: Db,
  input: { userId: number; key: string; body: object; at: Date },
  work: () => Promise<T>,
): Promise<T> {
  const hash = requestHash(input.body)
  const { expiredBefore } = keyWindow(input.at)
  const [taken] = await tx
    .insert(idempotencyKeys)
    .values({
      userId: input.userId,
      key: input.key,
      requestHash: hash,
      status: 'in_flight',
      createdAt: input.at,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        requestHash: hash,
        status: 'in_flight',
        responseStatus: null,
        responseBody: null,
        createdAt: input.at,
      },
      // Free again: a day gone by, or a refusal an order's statement kept.
      setWhere: or(
        lt(idempotencyKeys.createdAt, expiredBefore),
        eq(idempotencyKeys.status, 'refused'),
      ),
    })
    .returning({ key: idempotencyKeys.key })
  const where = and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key))
  if (!taken) {
    const [prior] = await tx.select().from(idempotencyKeys).where(where)
    if (!prior || (prior.requestHash !== hash && !sameAsBefore(prior.requestHash, input.body)))
      throw new DomainError('IDEMPOTENCY_MISMATCH', 'This key was used for another request')
    if (prior.status !== 'done')
      throw new DomainError('IDEMPOTENCY_IN_FLIGHT', 'This request is under way', {
        retryAfterSeconds: 1,
      })
    return prior.responseBody as T
  }
  const answer = await work()
  await tx
    .update(idempotencyKeys)
    .set({ status: 'done', responseStatus: 201, responseBody: answer as object })
    .where(where)
  return answer
}

/**
 * Keys taken before the rule above hashed their body with its fields in the order written; a
 * retry of such a request within its 24 hours is still the same request. Remove a day after
 * this has been deployed everywhere.
 */
function sameAsBefore(stored: string, body: object): boolean {
  return stored === createHash('sha256').update(JSON.stringify(body)).digest('base64url')
}
