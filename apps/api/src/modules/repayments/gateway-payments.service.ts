import type { Db } from '@padi/db/client'
import { DomainError } from '@padi/domain/errors'
import { formatMoney } from '@padi/domain/money'
import { gatewayReferences, type GatewayPayment } from '@padi/domain/repayments/gateway-payment'
import type { Clock } from '../../clock.ts'
import type { OtpService, PendingSms } from '../auth/otp.service.ts'
import { recordDecision } from '../audit/record-decision.service.ts'
import type { NoticeHeaders, PaymentGateway } from './payment-gateway.ts'
import { repayNamedCode } from './repay-named-code.ts'
import { createRepaymentsRepository } from './repayments.repository.ts'

/** What one notice did (the answer the gateway gets; it retries only what was not answered). */
export type NoticeOutcome = 'applied' | 'confirmed' | 'unmatched' | 'already_received' | 'ignored'

/**
 * docs/product/repayments.md (A payment gateway's notice): a payment the gateway reports, proven
 * by its signature, kept once by the gateway's payment id and, when it names an unpaid QR
 * repayment exactly, repaid at once as a statement's match is (late fee, then interest, then
 * principal; one ledger entry; the farmer's SMS in their language). A payment the statement
 * already repaid is confirmed, not repaid again; anything else moves nothing and is left to the
 * statement, which stays the record and brings it to finance's review list.
 */
export function createGatewayPaymentsService(deps: {
  db: Db
  clock: Clock
  gateway: PaymentGateway | null
  sms?: Pick<OtpService, 'notice' | 'dispatch'>
}) {
  const { db, clock } = deps

  async function receive(gateway: string, payment: GatewayPayment): Promise<NoticeOutcome> {
    let pending: PendingSms | null = null
    const outcome = await db.transaction(async (tx): Promise<NoticeOutcome> => {
      const repo = createRepaymentsRepository(tx)
      const now = clock.now()
      // Kept first: the same payment told twice at once waits here, then finds the first.
      const row = await repo.insertGatewayPayment({
        gateway,
        paymentId: payment.paymentId,
        eventId: payment.eventId,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        reference: payment.reference,
        details: payment.details,
        payerName: payment.payerName,
        paidAt: payment.paidAt,
        receivedAt: now,
        status: 'unmatched',
        reason: 'no_reference',
      })
      if (!row) return 'already_received'
      const repaid = await repayNamedCode(tx, {
        credit: {
          bankTransactionId: payment.paymentId,
          bookedOn: payment.paidAt.toISOString().slice(0, 10),
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          details: payment.details,
          payerName: payment.payerName,
        },
        references: gatewayReferences(payment),
        note: `${gateway} payment ${payment.paymentId}`,
        actorUserId: null,
        at: now,
      })
      if (repaid.kind === 'not_repaid') {
        const candidate = repaid.candidate
        if (repaid.reason === 'already_paid' && candidate) {
          // The statement was imported first and repaid this very money: the notice confirms it.
          const line = await repo.statementLineThatPaid(candidate.id)
          if (
            line &&
            line.amountMinor === payment.amountMinor &&
            !(await repo.gatewayPaymentOfLine(line.id))
          ) {
            await repo.settleGatewayPayment(row.id, {
              status: 'confirmed',
              reason: null,
              qrRepaymentId: candidate.id,
              statementLineId: line.id,
            })
            return 'confirmed'
          }
        }
        // Moves nothing: the statement brings this money to finance's review list.
        await repo.settleGatewayPayment(row.id, {
          status: 'unmatched',
          reason: repaid.reason,
          qrRepaymentId: candidate?.id ?? null,
        })
        return 'unmatched'
      }
      const { qr, ledgerEntryId } = repaid
      await repo.settleGatewayPayment(row.id, {
        status: 'applied',
        reason: null,
        qrRepaymentId: qr.id,
        ledgerEntryId,
      })
      pending = await recordDecision(
        tx,
        {
          actorUserId: null,
          action: 'gateway.payment',
          subjectType: 'qr_repayment',
          subjectId: qr.id,
          before: { paid: false },
          after: {
            paid: true,
            gateway,
            payment_id: payment.paymentId,
            event_id: payment.eventId,
            ledger_entry_id: ledgerEntryId,
          },
          at: now,
          farmer: { userId: qr.userId, locale: qr.locale },
          notice: 'receipt_approved',
          params: { amount: formatMoney(payment.amountMinor, payment.currency) },
        },
        deps.sms,
      )
      return 'applied'
    })
    deps.sms?.dispatch(pending)
    return outcome
  }

  return {
    /**
     * POST /payment-notifications/{gateway}: the notice proven by the gateway's signature over
     * the bytes it sent before anything in it is read; a notice of something other than a paid
     * payment is answered and does nothing.
     */
    async notice(
      gatewayName: string,
      headers: NoticeHeaders,
      rawBody: Buffer,
    ): Promise<{ outcome: NoticeOutcome }> {
      const gateway = deps.gateway
      if (!gateway || gateway.name !== gatewayName)
        throw new DomainError('NOT_FOUND', 'This shop has no payment gateway of that name')
      const reading = gateway.read(headers, rawBody, clock.now())
      if (!reading.ok) {
        if (reading.problem === 'signature')
          throw new DomainError('SIGNATURE_INVALID', 'The notice’s signature is not the gateway’s')
        throw new DomainError(
          'VALIDATION_FAILED',
          `Not a notice the shop can read: ${reading.detail}`,
          { extra: { errors: reading.fields } },
        )
      }
      if (reading.notice.kind === 'other') return { outcome: 'ignored' }
      return { outcome: await receive(gateway.name, reading.notice.payment) }
    },
  }
}
export type GatewayPaymentsService = ReturnType<typeof createGatewayPaymentsService>
