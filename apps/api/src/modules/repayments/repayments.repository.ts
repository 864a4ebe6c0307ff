import { and, asc, count, desc, eq, gte, inArray, isNull } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { creditLedger, creditLines } from '@padi/db/schema/credit'
import {
  bankStatementLines,
  gatewayPayments,
  qrRepayments,
  repaymentReceipts,
  statementCsvMappings,
} from '@padi/db/schema/repayments'
import { users } from '@padi/db/schema/users'
import type { ReceiptState } from '@padi/domain/repayments/receipt-rules'

export type ReceiptRow = typeof repaymentReceipts.$inferSelect
export type QrRepaymentRow = typeof qrRepayments.$inferSelect
export type StatementLineRow = typeof bankStatementLines.$inferSelect
export type GatewayPaymentRow = typeof gatewayPayments.$inferSelect

/**
 * Repayment receipts, and the credit line an approved one repays. A decision runs in one
 * transaction (`createRepaymentsRepository(tx)`) under the receipt's and the line's locks.
 */
export function createRepaymentsRepository(db: Db) {
  return {
    /** A new QR repayment; a reference already taken is the database's unique violation. */
    async insertQrRepayment(row: typeof qrRepayments.$inferInsert): Promise<QrRepaymentRow> {
      const [inserted] = await db.insert(qrRepayments).values(row).returning()
      return inserted!
    },

    /** One of the farmer's QR repayments (never another's). */
    async qrRepaymentOf(id: number, ownerId: number): Promise<QrRepaymentRow | null> {
      const [row] = await db
        .select()
        .from(qrRepayments)
        .where(and(eq(qrRepayments.id, id), eq(qrRepayments.userId, ownerId)))
      return row ?? null
    },

    async insertReceipt(receipt: typeof repaymentReceipts.$inferInsert): Promise<ReceiptRow> {
      const [row] = await db.insert(repaymentReceipts).values(receipt).returning()
      return row!
    },

    /** The farmer's newest first, of one status when given. */
    receiptsOf(userId: number, status: ReceiptState | undefined, limit: number) {
      return db
        .select()
        .from(repaymentReceipts)
        .where(
          and(
            eq(repaymentReceipts.userId, userId),
            status ? eq(repaymentReceipts.status, status) : undefined,
          ),
        )
        .orderBy(desc(repaymentReceipts.createdAt), desc(repaymentReceipts.id))
        .limit(limit)
    },

    /** With `ownerId`, only that farmer's. */
    async receiptById(id: number, ownerId: number | undefined): Promise<ReceiptRow | null> {
      const [row] = await db
        .select()
        .from(repaymentReceipts)
        .where(
          and(
            eq(repaymentReceipts.id, id),
            ownerId === undefined ? undefined : eq(repaymentReceipts.userId, ownerId),
          ),
        )
      return row ?? null
    },

    /** Pending ones, oldest first, with the farmer's name and number and what they have used. */
    pendingQueue(limit: number) {
      return db
        .select({
          receipt: repaymentReceipts,
          name: users.fullName,
          mobile: users.mobile,
          utilised: creditLines.utilisedMinor,
        })
        .from(repaymentReceipts)
        .innerJoin(users, eq(users.id, repaymentReceipts.userId))
        .innerJoin(creditLines, eq(creditLines.id, repaymentReceipts.lineId))
        .where(eq(repaymentReceipts.status, 'pending'))
        .orderBy(asc(repaymentReceipts.createdAt), asc(repaymentReceipts.id))
        .limit(limit)
    },

    countsByStatus() {
      return db
        .select({ status: repaymentReceipts.status, n: count() })
        .from(repaymentReceipts)
        .groupBy(repaymentReceipts.status)
    },

    async lockReceipt(id: number): Promise<ReceiptRow | null> {
      const [row] = await db
        .select()
        .from(repaymentReceipts)
        .where(eq(repaymentReceipts.id, id))
        .for('update')
      return row ?? null
    },

    async decideReceipt(
      id: number,
      decision: Partial<ReceiptRow> &
        Pick<typeof repaymentReceipts.$inferInsert, 'status' | 'decidedAt' | 'decidedBy'>,
    ): Promise<ReceiptRow> {
      const [after] = await db
        .update(repaymentReceipts)
        .set(decision)
        .where(eq(repaymentReceipts.id, id))
        .returning()
      return after!
    },

    /**
     * A statement's line, once: null when the bank's transaction is already in (this import's
     * twin, or an overlapping statement), after waiting for a concurrent import of it to finish.
     */
    async insertStatementLine(
      row: typeof bankStatementLines.$inferInsert,
    ): Promise<StatementLineRow | null> {
      const [inserted] = await db
        .insert(bankStatementLines)
        .values(row)
        .onConflictDoNothing({
          target: [bankStatementLines.currency, bankStatementLines.bankTransactionId],
        })
        .returning()
      return inserted ?? null
    },

    /**
     * A gateway's payment, once: null when the gateway's payment id is already in (a notice sent
     * again), after waiting for a concurrent notice of it to finish.
     */
    async insertGatewayPayment(
      row: typeof gatewayPayments.$inferInsert,
    ): Promise<GatewayPaymentRow | null> {
      const [inserted] = await db
        .insert(gatewayPayments)
        .values(row)
        .onConflictDoNothing({ target: [gatewayPayments.gateway, gatewayPayments.paymentId] })
        .returning()
      return inserted ?? null
    },

    async settleGatewayPayment(id: number, patch: Partial<GatewayPaymentRow>) {
      await db.update(gatewayPayments).set(patch).where(eq(gatewayPayments.id, id))
    },

    /** The gateway payment that repaid this QR repayment, if one did. */
    async gatewayPaymentThatPaid(qrRepaymentId: number): Promise<GatewayPaymentRow | null> {
      const [row] = await db
        .select()
        .from(gatewayPayments)
        .where(
          and(
            eq(gatewayPayments.qrRepaymentId, qrRepaymentId),
            eq(gatewayPayments.status, 'applied'),
          ),
        )
      return row ?? null
    },

    /** The statement line that repaid this QR repayment (matched or assigned), if one did. */
    async statementLineThatPaid(qrRepaymentId: number): Promise<StatementLineRow | null> {
      const [row] = await db
        .select()
        .from(bankStatementLines)
        .where(
          and(
            eq(bankStatementLines.qrRepaymentId, qrRepaymentId),
            inArray(bankStatementLines.status, ['matched', 'assigned']),
          ),
        )
      return row ?? null
    },

    /** Whether a gateway payment already names this statement line. */
    async gatewayPaymentOfLine(statementLineId: number): Promise<GatewayPaymentRow | null> {
      const [row] = await db
        .select()
        .from(gatewayPayments)
        .where(eq(gatewayPayments.statementLineId, statementLineId))
      return row ?? null
    },

    async settleStatementLine(id: number, patch: Partial<StatementLineRow>) {
      await db.update(bankStatementLines).set(patch).where(eq(bankStatementLines.id, id))
    },

    /** The QR repayments these references name, locked for the match. */
    lockQrRepaymentsByReference(references: readonly string[]) {
      if (references.length === 0) return Promise.resolve([] as QrRepaymentRow[])
      return db
        .select()
        .from(qrRepayments)
        .where(inArray(qrRepayments.reference, [...references]))
        .for('update')
    },

    async markQrRepaymentPaid(id: number, paid: { paidAt: Date; ledgerEntryId: number }) {
      await db.update(qrRepayments).set(paid).where(eq(qrRepayments.id, id))
    },

    async lockStatementLine(id: number): Promise<StatementLineRow | null> {
      const [row] = await db
        .select()
        .from(bankStatementLines)
        .where(eq(bankStatementLines.id, id))
        .for('update')
      return row ?? null
    },

    async lockQrRepayment(id: number): Promise<QrRepaymentRow | null> {
      const [row] = await db
        .select()
        .from(qrRepayments)
        .where(eq(qrRepayments.id, id))
        .for('update')
      return row ?? null
    },

    /** Unpaid QR repayments of a currency asked since `since`, with the farmer's name. */
    unpaidQrRepayments(currency: QrRepaymentRow['currency'], since: Date) {
      return db
        .select({
          qrRepaymentId: qrRepayments.id,
          userId: qrRepayments.userId,
          name: users.fullName,
          amountMinor: qrRepayments.amountMinor,
          createdAt: qrRepayments.createdAt,
        })
        .from(qrRepayments)
        .innerJoin(users, eq(users.id, qrRepayments.userId))
        .where(
          and(
            eq(qrRepayments.currency, currency),
            isNull(qrRepayments.paidAt),
            gte(qrRepayments.createdAt, since),
          ),
        )
        .orderBy(desc(qrRepayments.createdAt))
        .limit(2000)
    },

    /** The statement credits applied to these credit lines (matched or assigned), with the code paid. */
    appliedCredits(lineIds: readonly number[]) {
      if (lineIds.length === 0) return Promise.resolve([])
      return db
        .select({
          id: bankStatementLines.id,
          lineId: creditLedger.lineId,
          amountMinor: bankStatementLines.amountMinor,
          currency: bankStatementLines.currency,
          bookedOn: bankStatementLines.bookedOn,
          bankTransactionId: bankStatementLines.bankTransactionId,
          qrReference: qrRepayments.reference,
        })
        .from(bankStatementLines)
        .innerJoin(creditLedger, eq(creditLedger.id, bankStatementLines.ledgerEntryId))
        .leftJoin(qrRepayments, eq(qrRepayments.id, bankStatementLines.qrRepaymentId))
        .where(inArray(creditLedger.lineId, [...lineIds]))
    },

    /**
     * Gateway payments applied to this credit line that no statement line has confirmed yet
     * (a confirmed one is among the statement's applied credits).
     */
    unconfirmedGatewayPayments(lineId: number) {
      return db
        .select({
          id: gatewayPayments.id,
          amountMinor: gatewayPayments.amountMinor,
          paidAt: gatewayPayments.paidAt,
          paymentId: gatewayPayments.paymentId,
          qrReference: qrRepayments.reference,
        })
        .from(gatewayPayments)
        .innerJoin(qrRepayments, eq(qrRepayments.id, gatewayPayments.qrRepaymentId))
        .where(
          and(
            eq(qrRepayments.lineId, lineId),
            eq(gatewayPayments.status, 'applied'),
            isNull(gatewayPayments.statementLineId),
          ),
        )
    },

    /** A credit line's approved receipts. */
    approvedReceipts(lineId: number) {
      return db
        .select()
        .from(repaymentReceipts)
        .where(and(eq(repaymentReceipts.lineId, lineId), eq(repaymentReceipts.status, 'approved')))
    },

    /** A bank's CSV mapping, saved (a second save under the name replaces the first). */
    async saveCsvMapping(row: typeof statementCsvMappings.$inferInsert) {
      const { name: _name, ...changes } = row
      await db
        .insert(statementCsvMappings)
        .values(row)
        .onConflictDoUpdate({ target: statementCsvMappings.name, set: changes })
    },

    async csvMapping(name: string) {
      const [row] = await db
        .select()
        .from(statementCsvMappings)
        .where(eq(statementCsvMappings.name, name))
      return row ?? null
    },

    csvMappings() {
      return db.select().from(statementCsvMappings).orderBy(asc(statementCsvMappings.name))
    },

    /** Lines waiting for finance, oldest first. */
    statementLinesForReview(limit: number) {
      return db
        .select()
        .from(bankStatementLines)
        .where(eq(bankStatementLines.status, 'review'))
        .orderBy(asc(bankStatementLines.importedAt), asc(bankStatementLines.id))
        .limit(limit)
    },

    async lockCreditLine(lineId: number) {
      const [line] = await db
        .select()
        .from(creditLines)
        .where(eq(creditLines.id, lineId))
        .for('update')
      return line ?? null
    },

    /** The line's balances after a repayment; answers what is utilised now. */
    async setLineBalances(
      lineId: number,
      balances: {
        utilisedMinor: number
        interestMinor: number
        lateFeeMinor: number
        updatedAt: Date
      },
    ) {
      const [updated] = await db
        .update(creditLines)
        .set(balances)
        .where(eq(creditLines.id, lineId))
        .returning({ utilised: creditLines.utilisedMinor })
      return updated!
    },

    async insertLedgerEntry(entry: typeof creditLedger.$inferInsert) {
      const [row] = await db.insert(creditLedger).values(entry).returning({ id: creditLedger.id })
      return row!
    },
  }
}
export type RepaymentsRepository = ReturnType<typeof createRepaymentsRepository>
