import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { idempotencyKeys } from '@padi/db/schema/orders'
import { DomainError } from '@padi/domain/errors'

/**
 * Runs `work` once per (user, Idempotency-Key) inside the caller's transaction: the key's row is
 * taken first (a concurrent try with the same key waits on it, then answers the first answer);
 * the same key with another body is refused (422), a try while the first is under way is told so
 * (409). The answer is kept with the key. Used by counter sales and voucher issuing.
 */
export async function onceForKey<T>(
  tx: Db,
  input: { userId: number; key: string; body: unknown; at: Date },
  work: () => Promise<T>,
): Promise<T> {
  const requestHash = createHash('sha256').update(JSON.stringify(input.body)).digest('base64url')
  const [taken] = await tx
    .insert(idempotencyKeys)
    .values({
      userId: input.userId,
      key: input.key,
      requestHash,
      status: 'in_flight',
      createdAt: input.at,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  const where = and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key))
  if (!taken) {
    const [prior] = await tx.select().from(idempotencyKeys).where(where)
    if (!prior || prior.requestHash !== requestHash)
      throw new DomainError('IDEMPOTENCY_MISMATCH', 'This key was used for another request')
    if (prior.status !== 'done')
      throw new DomainError('IDEMPOTENCY_IN_FLIGHT', 'This request is under way')
    return prior.responseBody as T
  }
  const answer = await work()
  await tx
    .update(idempotencyKeys)
    .set({ status: 'done', responseStatus: 201, responseBody: answer as object })
    .where(where)
  return answer
}
