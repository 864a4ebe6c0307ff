import type { Currency } from '../markets.ts'
import { readReference } from './repayment-reference.ts'
import { referencesIn } from './statement-matching.ts'

// docs/product/repayments.md (A payment gateway's notice): where the shop's collecting account is
// run by a payment gateway, the gateway tells the shop the moment the bank confirms a payment.
// An exact notice repays at once; the bank statement stays the record and confirms it later.

/** One payment the gateway says the bank confirmed, as any gateway's adapter reads it. */
export type GatewayPayment = {
  /** The gateway's own id for the payment: a notice sent again is the same payment. */
  paymentId: string
  /** The id of this notice (for the record; a retry of it has the same one). */
  eventId: string
  amountMinor: number
  currency: Currency
  /** Our reference, where the gateway carried it as given; else read from its text. */
  reference: string | null
  /** The payment's text as the gateway passed it on (the payer's bank's remittance text). */
  details: string
  payerName: string | null
  paidAt: Date
}

/**
 * What a notice did: `applied` repaid the QR repayment it named; `confirmed` found that money
 * already repaid from the bank statement (the same money, not a second payment); `unmatched`
 * moved nothing, and the statement brings the credit to finance's review list.
 */
export const GATEWAY_PAYMENT_STATES = ['applied', 'confirmed', 'unmatched'] as const
export type GatewayPaymentState = (typeof GATEWAY_PAYMENT_STATES)[number]

/**
 * The references of ours a gateway payment names: the one it carried as given (when it reads as
 * one of ours), else those found in its text, as on a statement line.
 */
export function gatewayReferences(payment: Pick<GatewayPayment, 'reference' | 'details'>) {
  const given = payment.reference === null ? null : readReference(payment.reference)
  return given ? [given] : referencesIn(payment.details)
}
