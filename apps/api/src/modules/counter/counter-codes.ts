import { createHmac, randomInt } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { counterCodes } from '@padi/db/schema/vouchers'
import { DomainError } from '@padi/domain/errors'
import {
  COUNTER_CODE_DIGITS,
  COUNTER_CODE_REFRESH_MS,
  COUNTER_CODE_TTL_MS,
} from '@padi/domain/vouchers/voucher-rules'
import { randomToken, sameSecret, sha256 } from '../auth/secrets.ts'

const PREFIX = 'SM1'

export type CounterCodeRow = typeof counterCodes.$inferSelect

/**
 * docs/product/vouchers.md (the customer's QR code): what the QR shows is `SM1.<random>.<mac>`:
 * 24 random bytes and the server's HMAC of them, so a made-up or altered code is refused before
 * the database is asked; it names nobody. The 8 digits under it are the same code for typing.
 */
export function createCounterCodes(deps: { db: Db; secret: string }) {
  const mac = (random: string) =>
    createHmac('sha256', deps.secret).update(`${PREFIX}.${random}`).digest('base64url').slice(0, 22)

  /** The code row a scanned token or typed digits name, or why not (no QR data, expired, used). */
  async function find(
    db: Db,
    input: { token?: string | undefined; digits?: string | undefined },
    now: Date,
  ) {
    const notFound = new DomainError('QR_NOT_FOUND', 'No QR data found')
    let row: CounterCodeRow | undefined
    if (input.token) {
      const [prefix, random, signature, extra] = input.token.trim().split('.')
      if (prefix !== PREFIX || !random || !signature || extra !== undefined) throw notFound
      if (!sameSecret(signature, mac(random))) throw notFound
      ;[row] = await db
        .select()
        .from(counterCodes)
        .where(eq(counterCodes.tokenHash, sha256(input.token.trim())))
        .for('update')
    } else if (input.digits && /^\d{8}$/.test(input.digits.replace(/\s/g, ''))) {
      // The newest code with these digits that has not run out; an old one is 'expired'.
      ;[row] = await db
        .select()
        .from(counterCodes)
        .where(eq(counterCodes.digits, input.digits.replace(/\s/g, '')))
        .orderBy(counterCodes.expiresAt)
        .for('update')
    }
    if (!row) throw notFound
    if (row.expiresAt.getTime() <= now.getTime())
      throw new DomainError(
        'QR_EXPIRED',
        'This code has expired: ask the customer to show the new one',
      )
    if (row.usedAt)
      throw new DomainError(
        'QR_USED',
        'This code has been used: ask the customer to show the new one',
      )
    return row
  }

  return {
    /** A new code for the customer; the page asks for the next one every 60 seconds. */
    async issue(userId: number, now: Date) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const random = randomToken(24)
        const token = `${PREFIX}.${random}.${mac(random)}`
        const digits = String(randomInt(0, 10 ** COUNTER_CODE_DIGITS)).padStart(
          COUNTER_CODE_DIGITS,
          '0',
        )
        const expiresAt = new Date(now.getTime() + COUNTER_CODE_TTL_MS)
        const inserted = await deps.db.transaction(async (tx) => {
          // Digits are unique among the live codes: a clash (1 in 10^8 per live code) is redrawn.
          const [clash] = await tx
            .select({ id: counterCodes.id })
            .from(counterCodes)
            .where(
              and(
                eq(counterCodes.digits, digits),
                gt(counterCodes.expiresAt, now),
                isNull(counterCodes.usedAt),
              ),
            )
          if (clash) return null
          await tx
            .insert(counterCodes)
            .values({ userId, tokenHash: sha256(token), digits, expiresAt, createdAt: now })
          return {
            token,
            digits,
            expires_at: expiresAt.toISOString(),
            refresh_in_ms: COUNTER_CODE_REFRESH_MS,
          }
        })
        if (inserted) return inserted
      }
      throw new DomainError('CONFLICT', 'Could not make a code; try again')
    },
    find,
  }
}
export type CounterCodes = ReturnType<typeof createCounterCodes>
