import { and, desc, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { creditLedger, creditLines } from '@padi/db/schema/credit'
import { lateFeeCharges } from '@padi/db/schema/late-fees'
import type { CreditLineBalances } from '@padi/domain/credit/credit-line'
import type { Currency } from '@padi/domain/markets'

/** A line's whole row, as the late-fee job reads it under its lock. */
type CreditLineTableRow = typeof creditLines.$inferSelect

export type CreditLineRow = CreditLineBalances & {
  id: number
  userId: number
  plantingOn: string | null
  harvestOn: string | null
}

const lineColumns = {
  id: creditLines.id,
  userId: creditLines.userId,
  currency: creditLines.currency,
  approvedMinor: creditLines.approvedMinor,
  utilisedMinor: creditLines.utilisedMinor,
  interestMinor: creditLines.interestMinor,
  lateFeeMinor: creditLines.lateFeeMinor,
  state: creditLines.state,
  expiresAt: creditLines.expiresAt,
  dueAt: creditLines.dueAt,
  plantingOn: creditLines.plantingOn,
  harvestOn: creditLines.harvestOn,
}

/** The line a payment uses: the customer's newest (docs/product/credit.md: the first is used). */
function currentLineId(userId: number) {
  return sql`(select ${creditLines.id} from ${creditLines} where ${creditLines.userId} = ${userId}
    order by ${creditLines.createdAt} desc, ${creditLines.id} desc limit 1)`
}

/**
 * The credit module's storage. Call it with the pool, or with a transaction
 * (`createCreditRepository(tx)`) so a debit and the order it pays for commit together.
 */
export function createCreditRepository(db: Db) {
  return {
    /** Newest first: the first is the one in use. */
    linesOf(userId: number): Promise<CreditLineRow[]> {
      return db
        .select(lineColumns)
        .from(creditLines)
        .where(eq(creditLines.userId, userId))
        .orderBy(desc(creditLines.createdAt), desc(creditLines.id))
    },

    async currentLine(userId: number): Promise<CreditLineRow | null> {
      const [line] = await db
        .select(lineColumns)
        .from(creditLines)
        .where(eq(creditLines.id, currentLineId(userId)))
      return line ?? null
    },

    /**
     * docs/product/orders-and-payments.md: money moves only through a guarded UPDATE. The row is
     * changed only if, when PostgreSQL takes its lock, the line is active, unexpired, in the
     * order's currency and still has the amount available; a concurrent payment that committed
     * first is seen (READ COMMITTED re-reads the row it waited for). The CHECK on the table is
     * the second guard. Answers the line after the debit, or null when the guard refused it.
     */
    async debit(args: {
      userId: number
      currency: Currency
      amountMinor: number
      orderId: number | null
      at: Date
    }): Promise<{
      line: CreditLineBalances & { id: number; userId: number }
      entryId: number
    } | null> {
      // One statement, the one orders pay through too (debit_credit_line, migration 0013): the
      // guarded UPDATE and its ledger entry, written only if the UPDATE changed the line.
      const result = (await db.execute(
        sql`select * from debit_credit_line(${args.userId}, ${args.currency}, ${args.amountMinor},
          ${args.orderId}, ${args.at})`,
      )) as unknown as {
        rows: {
          id: number
          user_id: number
          currency: Currency
          approved_minor: number
          utilised_minor: number
          interest_minor: number
          late_fee_minor: number
          state: CreditLineRow['state']
          expires_at: Date | string
          due_at: Date | string | null
          entry_id: number
        }[]
      }
      const row = result.rows[0]
      if (!row) return null
      return {
        entryId: row.entry_id,
        line: {
          id: row.id,
          userId: row.user_id,
          currency: row.currency,
          approvedMinor: row.approved_minor,
          utilisedMinor: row.utilised_minor,
          interestMinor: row.interest_minor,
          lateFeeMinor: row.late_fee_minor,
          state: row.state,
          expiresAt: new Date(row.expires_at),
          dueAt: row.due_at === null ? null : new Date(row.due_at),
        },
      }
    },

    /** The sum of a line's ledger, part by part (the check that the balances are its history). */
    async ledgerSums(lineId: number) {
      const [sums] = await db
        .select({
          principalMinor: sql<number>`coalesce(sum(${creditLedger.principalDeltaMinor}), 0)::int`,
          interestMinor: sql<number>`coalesce(sum(${creditLedger.interestDeltaMinor}), 0)::int`,
          lateFeeMinor: sql<number>`coalesce(sum(${creditLedger.lateFeeDeltaMinor}), 0)::int`,
          entries: sql<number>`count(*)::int`,
        })
        .from(creditLedger)
        .where(eq(creditLedger.lineId, lineId))
      return sums!
    },

    // --- Late fees (late-fee-job.ts) ---

    /**
     * Lines a month or more past their due date with principal or interest owed. The month check
     * is repeated exactly, per line, by the job; this only narrows the scan (no month is shorter than 28 days).
     */
    lateFeeCandidates(now: Date): Promise<{ id: number }[]> {
      return db
        .select({ id: creditLines.id })
        .from(creditLines)
        .where(
          and(
            isNotNull(creditLines.dueAt),
            lte(creditLines.dueAt, sql`${now.toISOString()}::timestamptz - interval '28 days'`),
            or(gt(creditLines.utilisedMinor, 0), gt(creditLines.interestMinor, 0)),
          ),
        )
    },

    async lockLine(lineId: number): Promise<CreditLineTableRow | null> {
      const [line] = await db
        .select()
        .from(creditLines)
        .where(eq(creditLines.id, lineId))
        .for('update')
      return line ?? null
    },

    /** The last month charged for this due date, 0 when none (a moved due date counts anew). */
    async lastLateFeeMonth(lineId: number, dueAt: Date): Promise<number> {
      const [last] = await db
        .select({ month: sql<number>`coalesce(max(${lateFeeCharges.month}), 0)::int` })
        .from(lateFeeCharges)
        .where(and(eq(lateFeeCharges.lineId, lineId), eq(lateFeeCharges.dueAt, dueAt)))
      return last?.month ?? 0
    },

    /** Writes the late fee's ledger entry; answers its id. */
    async addLateFeeEntry(entry: {
      lineId: number
      currency: Currency
      lateFeeDeltaMinor: number
      utilisedAfterMinor: number
      note: string
      createdAt: Date
    }): Promise<number> {
      const [row] = await db
        .insert(creditLedger)
        .values({ ...entry, kind: 'late_fee' })
        .returning({ id: creditLedger.id })
      return row!.id
    },

    /** The month's row under its unique key (line, due date, month). */
    async recordLateFeeCharge(charge: {
      lineId: number
      dueAt: Date
      month: number
      owedMinor: number
      feeMinor: number
      ledgerEntryId: number
      createdAt: Date
    }): Promise<void> {
      await db.insert(lateFeeCharges).values(charge)
    },

    async addLateFeeToLine(lineId: number, feeMinor: number, at: Date): Promise<void> {
      await db
        .update(creditLines)
        .set({ lateFeeMinor: sql`${creditLines.lateFeeMinor} + ${feeMinor}`, updatedAt: at })
        .where(eq(creditLines.id, lineId))
    },
  }
}
export type CreditRepository = ReturnType<typeof createCreditRepository>
