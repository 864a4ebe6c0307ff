import { and, desc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { creditLedger, creditLines } from '@padi/db/schema/credit'
import type { CreditLineBalances, LedgerDeltas, LedgerKind } from '@padi/domain/credit/credit-line'
import type { Currency } from '@padi/domain/money'

export type CreditLineRow = CreditLineBalances & { id: number; userId: number }

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
  async function appendEntry(
    line: CreditLineRow,
    entry: {
      kind: LedgerKind
      deltas: LedgerDeltas
      orderId?: number | null
      reversesEntryId?: number | null
      note?: string | null
      actorUserId: number | null
      at: Date
    },
  ) {
    const [row] = await db
      .insert(creditLedger)
      .values({
        lineId: line.id,
        kind: entry.kind,
        currency: line.currency,
        principalDeltaMinor: entry.deltas.principalMinor,
        interestDeltaMinor: entry.deltas.interestMinor,
        lateFeeDeltaMinor: entry.deltas.lateFeeMinor,
        utilisedAfterMinor: line.utilisedMinor,
        orderId: entry.orderId ?? null,
        reversesEntryId: entry.reversesEntryId ?? null,
        note: entry.note ?? null,
        actorUserId: entry.actorUserId,
        createdAt: entry.at,
      })
      .returning({ id: creditLedger.id })
    return row!.id
  }

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
    }): Promise<{ line: CreditLineRow; entryId: number } | null> {
      const [line] = await db
        .update(creditLines)
        .set({
          utilisedMinor: sql`${creditLines.utilisedMinor} + ${args.amountMinor}`,
          updatedAt: args.at,
        })
        .where(
          and(
            eq(creditLines.id, currentLineId(args.userId)),
            eq(creditLines.state, 'active'),
            gt(creditLines.expiresAt, args.at),
            eq(creditLines.currency, args.currency),
            sql`${creditLines.approvedMinor} - ${creditLines.utilisedMinor} >= ${args.amountMinor}`,
          ),
        )
        .returning(lineColumns)
      if (!line) return null
      const entryId = await appendEntry(line, {
        kind: 'purchase',
        deltas: { principalMinor: args.amountMinor, interestMinor: 0, lateFeeMinor: 0 },
        orderId: args.orderId,
        actorUserId: args.userId,
        at: args.at,
      })
      return { line, entryId }
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
  }
}
export type CreditRepository = ReturnType<typeof createCreditRepository>
