import { createHmac, randomInt } from 'node:crypto'
import type { Db } from '@padi/db/client'
import { DomainError } from '@padi/domain/errors'
import {
  COUNTER_CODE_DIGITS,
  COUNTER_CODE_REFRESH_MS,
  COUNTER_CODE_TTL_MS,
  COUNTER_VISIT_MS,
} from '@padi/domain/vouchers/voucher-rules'
import { randomToken, sameSecret, sha256 } from '../../secrets.ts'
import { createCounterRepository, type CounterCodeRow } from './counter.repository.ts'

const PREFIX = 'SM1'

export type { CounterCodeRow }

/** Where a code goes: the QR page (any branch), or an SMS for the branch that asked (ADR 063). */
export type CodeChannel = { channel: 'qr' } | { channel: 'sms'; branchId: number; ttlMs: number }

/**
 * docs/product/vouchers.md (the customer's QR code): what the QR shows is `SM1.<random>.<mac>`:
 * 24 random bytes and the server's HMAC of them, so a made-up or altered code is refused before
 * the database is asked; it names nobody. The 8 digits under it are the same code for typing.
 * A code sent by SMS (a code by SMS) has a token too, never shown: only its digits are typed.
 */
export function createCounterCodes(deps: { db: Db; secret: string }) {
  const mac = (random: string) =>
    createHmac('sha256', deps.secret).update(`${PREFIX}.${random}`).digest('base64url').slice(0, 22)

  /**
   * The code row a scanned token or typed digits name for this clerk, or why not (no QR data,
   * expired, used). A code sent by SMS for another branch names nobody here.
   *
   * docs/product/vouchers.md (the customer's visit): the first clerk to find a live, unused code
   * holds it: from then on it serves that clerk (look-ups, one sale, hand-overs) until
   * `serve_until`, COUNTER_VISIT_MS after it was found, or until they close the customer, whatever
   * its own life; to anyone else it is used. Taken under the row's lock, so two clerks finding it
   * at once cannot both hold it.
   */
  async function find(
    db: Db,
    input: { token?: string | undefined; digits?: string | undefined },
    now: Date,
    clerk: { staffId: number; branchId: number },
  ) {
    const notFound = new DomainError('QR_NOT_FOUND', 'No QR data found')
    const expired = new DomainError(
      'QR_EXPIRED',
      'This code has expired: ask the customer to show the new one',
    )
    const used = new DomainError(
      'QR_USED',
      'This code has been used: ask the customer to show the new one',
    )
    let row: CounterCodeRow | null = null
    const repo = createCounterRepository(db)
    if (input.token) {
      const [prefix, random, signature, extra] = input.token.trim().split('.')
      if (prefix !== PREFIX || !random || !signature || extra !== undefined) throw notFound
      if (!sameSecret(signature, mac(random))) throw notFound
      row = await repo.lockCodeByToken(sha256(input.token.trim()))
    } else if (input.digits && /^\d{8}$/.test(input.digits.replace(/\s/g, ''))) {
      row = await repo.lockCodeByDigits(input.digits.replace(/\s/g, ''), clerk.staffId, now)
    }
    if (!row || (row.branchId !== null && row.branchId !== clerk.branchId)) throw notFound
    if (row.servedBy !== null) {
      // Held: by this clerk while the visit lasts; to anyone else, used.
      if (row.servedBy !== clerk.staffId) throw used
      if (row.serveUntil!.getTime() <= now.getTime()) throw expired
      return row
    }
    if (row.expiresAt.getTime() <= now.getTime()) throw expired
    if (row.usedAt) throw used
    const serveUntil = new Date(now.getTime() + COUNTER_VISIT_MS)
    await repo.holdCode(row.id, clerk.staffId, serveUntil)
    return { ...row, servedBy: clerk.staffId, serveUntil }
  }

  /**
   * docs/product/vouchers.md (the customer's visit): the clerk closes the customer: the code they
   * hold serves nobody any more. Names nothing and counts nothing: closing a code the clerk does
   * not hold changes nothing.
   */
  async function close(
    db: Db,
    input: { token?: string | undefined; digits?: string | undefined },
    now: Date,
    staffId: number,
  ) {
    const which = input.token
      ? { tokenHash: sha256(input.token.trim()) }
      : { digits: (input.digits ?? '').replace(/\s/g, '') }
    await createCounterRepository(db).releaseCode(which, staffId, now)
  }

  return {
    /**
     * A new code for the customer; the QR page asks for the next one every 60 seconds. A code by
     * SMS is made inside the caller's transaction (`on`), with the message that carries it.
     */
    async issue(
      userId: number,
      now: Date,
      where: CodeChannel = { channel: 'qr' },
      on: Db = deps.db,
    ) {
      const ttlMs = where.channel === 'sms' ? where.ttlMs : COUNTER_CODE_TTL_MS
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const random = randomToken(24)
        const token = `${PREFIX}.${random}.${mac(random)}`
        const digits = String(randomInt(0, 10 ** COUNTER_CODE_DIGITS)).padStart(
          COUNTER_CODE_DIGITS,
          '0',
        )
        const expiresAt = new Date(now.getTime() + ttlMs)
        const inserted = await on.transaction(async (tx) => {
          // Digits are unique among the live codes and those a clerk holds (a visit): a clash (1
          // in 10^8 per such code) is redrawn.
          const txRepo = createCounterRepository(tx)
          if (await txRepo.digitsTaken(digits, now)) return null
          await txRepo.insertCode({
            userId,
            tokenHash: sha256(token),
            digits,
            channel: where.channel,
            branchId: where.channel === 'sms' ? where.branchId : null,
            expiresAt,
            createdAt: now,
          })
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
    close,
  }
}
export type CounterCodes = ReturnType<typeof createCounterCodes>
