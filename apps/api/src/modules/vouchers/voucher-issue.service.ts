import { randomInt } from 'node:crypto'
import type { Db } from '@padi/db/client'
import { isUniqueViolation } from '@padi/db/unique-violation'
import { DomainError } from '@padi/domain/errors'
import { TEXT_LINE_PATTERN } from '@padi/domain/input-schemas'
import { MARKET_CURRENCY, type Currency, type Market } from '@padi/domain/markets'
import {
  expiryProblem,
  VOUCHER_BATCH_MAX_ROWS,
  VOUCHER_MAX_MINOR,
  voucherRowProblem,
  type VoucherRowInput,
} from '@padi/domain/vouchers/voucher-issue'
import type { Clock } from '../../clock.ts'
import { onceForKey } from '../../idempotency.ts'
import { createVouchersRepository } from './vouchers.repository.ts'

export type IssueRow = VoucherRowInput & {
  line: number
  ok: boolean
  problem: string | null
  amount: { amount_minor: number; currency: Currency } | null
  serial: string | null
}

/** A serial of the version 3.0 programme: V3-<market>-<10 random digits>. */
function serialFor(market: Market): string {
  return `V3-${market}-${String(randomInt(0, 10 ** 10)).padStart(10, '0')}`
}

/**
 * docs/product/vouchers.md (issuing): finance and admin issue vouchers to customers, one at a
 * time or as a batch read from a CSV file (mobile, value, expiry). A preview judges every row
 * (readable number, an active customer, a value above 0 within the limit of their currency, an
 * expiry in the future) and creates nothing; issuing creates the good rows in one transaction,
 * once per Idempotency-Key, each written to the audit log, and reports the rejected ones.
 */
export function createVoucherIssueService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps

  async function judge(rows: VoucherRowInput[]) {
    const now = clock.now()
    const first = rows.map((row) => ({ row, result: voucherRowProblem(row) }))
    const mobiles = first.flatMap((f) => (f.result.ok ? [f.result.mobile] : []))
    const customers = await createVouchersRepository(db).accountsByMobile([...new Set(mobiles)])
    return first.map(({ row, result }, i) => {
      const base = { ...row, line: i + 1, amount: null, serial: null }
      const refused = (problem: string, amount: IssueRow['amount'] = null) => ({
        ...base,
        amount,
        ok: false,
        problem,
        create: null,
      })
      if (!result.ok) return refused(result.problem)
      const customer = customers.find((c) => c.mobile === result.mobile)
      if (!customer || customer.role !== 'customer' || customer.status !== 'active')
        return refused('vouchers.issue.errors.customer')
      const market = customer.market as Market
      const currency = MARKET_CURRENCY[market]
      // docs/product/vouchers.md (issuing): the value read in the customer's currency, so a baht
      // row never reads as ringgit.
      const amount = { amount_minor: result.valueMinor, currency }
      if (result.valueMinor > VOUCHER_MAX_MINOR[currency])
        return refused('vouchers.issue.errors.tooHigh', amount)
      // The expiry day is after today in the customer's own market.
      const expiresOn = row.expires_on.trim()
      const past = expiryProblem(expiresOn, market, now)
      if (past) return refused(past, amount)
      return {
        ...base,
        amount,
        ok: true,
        problem: null,
        create: {
          userId: customer.id,
          market,
          currency,
          valueMinor: result.valueMinor,
          // docs/product/vouchers.md (validity): the day printed on the voucher, as typed.
          expiresOn,
        },
      }
    })
  }

  return {
    /** The rows of a CSV file: mobile, value, expiry; a header row is skipped. */
    async parseCsv(text: string): Promise<VoucherRowInput[]> {
      // csv-parse, loaded at the first file rather than at the server's start (ADR 085).
      const { parse } = await import('csv-parse/sync')
      let records: string[][]
      try {
        records = parse(text, {
          relax_column_count: true,
          skip_empty_lines: true,
          trim: true,
          bom: true,
        })
      } catch {
        throw new DomainError('VALIDATION_FAILED', 'The file is not CSV', {
          extra: { errors: [{ field: 'csv', message: 'vouchers.issue.errors.csv' }] },
        })
      }
      // A cell is one line of text (the one text rule): a tab or another control character in
      // one (a file saved with tabs between its cells) is refused here with its own message, not
      // echoed back in the row it would break.
      if (records.some((record) => record.some((cell) => !TEXT_LINE_PATTERN.test(cell))))
        throw new DomainError('VALIDATION_FAILED', 'A cell holds a control character', {
          extra: { errors: [{ field: 'csv', message: 'vouchers.issue.errors.hidden' }] },
        })
      const rows = records.filter((r, i) => !(i === 0 && /mobile/i.test(r[0] ?? '')))
      if (rows.length === 0 || rows.length > VOUCHER_BATCH_MAX_ROWS)
        throw new DomainError('VALIDATION_FAILED', 'Between 1 and 2,000 rows', {
          extra: { errors: [{ field: 'csv', message: 'vouchers.issue.errors.rows' }] },
        })
      return rows.map((r) => ({ mobile: r[0] ?? '', value: r[1] ?? '', expires_on: r[2] ?? '' }))
    },

    /** What issuing these rows would do: each row with its problem, nothing created. */
    async preview(rows: VoucherRowInput[]) {
      const judged = await judge(rows)
      return {
        rows: judged.map(({ create: _create, ...r }) => r),
        valid: judged.filter((r) => r.ok).length,
        rejected: judged.filter((r) => !r.ok).length,
        created: 0,
      }
    },

    /** Creates the good rows in one transaction, once per key; reports the rejected ones. */
    async issue(actorUserId: number, key: string, rows: VoucherRowInput[]) {
      const judged = await judge(rows)
      const good = judged.flatMap((r) => (r.create ? [r.create] : []))
      const now = clock.now()
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await db.transaction((tx) =>
            onceForKey(tx, { userId: actorUserId, key, body: rows, at: now }, async () => {
              const repo = createVouchersRepository(tx)
              const serials = good.map((g) => serialFor(g.market))
              const created = await repo.insertVouchers(
                good.map((g, i) => ({
                  ...g,
                  serial: serials[i]!,
                  issuedBy: actorUserId,
                  createdAt: now,
                })),
              )
              await repo.insertAuditEntries(
                created.map((v) => ({
                  actorUserId,
                  action: 'voucher.issue',
                  subjectType: 'voucher',
                  subjectId: v.id,
                  after: {
                    serial: v.serial,
                    user_id: v.userId,
                    value_minor: v.valueMinor,
                    currency: v.currency,
                  },
                  createdAt: now,
                })),
              )
              // Each good row with the serial of the voucher it made (rows and serials in order).
              let next = 0
              return {
                rows: judged.map(({ create, ...r }) => ({
                  ...r,
                  serial: create ? (serials[next++] ?? null) : null,
                })),
                valid: good.length,
                rejected: judged.length - good.length,
                created: created.length,
                serials: created.map((v) => v.serial),
              }
            }),
          )
        } catch (error) {
          // A serial drawn twice (1 in 10^10 per pair): draw again.
          if (isUniqueViolation(error) && attempt < 3) continue
          throw error
        }
      }
    },
  }
}
export type VoucherIssueService = ReturnType<typeof createVoucherIssueService>
