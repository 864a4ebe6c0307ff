import type { GatewayPayment } from '@padi/domain/repayments/gateway-payment'

/** A notice's headers, as Node gives them. */
export type NoticeHeaders = Record<string, string | string[] | undefined>

/** What a gateway's notice says, once its signature is proven. */
export type GatewayNotice =
  | { kind: 'payment'; payment: GatewayPayment }
  /** A notice of something else (a refund, a failed charge): answered, and nothing done. */
  | { kind: 'other'; eventId: string; type: string }

export type NoticeReading =
  | { ok: true; notice: GatewayNotice }
  /** Not proven to come from the gateway (or signed too long ago: a replay). */
  | { ok: false; problem: 'signature'; detail: string }
  /** Proven, but not a notice the adapter can read: which fields, as the API's refusals name them. */
  | { ok: false; problem: 'body'; detail: string; fields: { field: string; message: string }[] }

/**
 * docs/product/repayments.md (A payment gateway's notice): the one shape every gateway's adapter
 * has. `read` proves the notice came from the gateway, from the raw bytes it sent and its headers,
 * before anything in it is read; then says what it reports. Adding a gateway is adding an
 * adapter; what a payment does to a credit line is the same for all.
 */
export interface PaymentGateway {
  /** The name in the notice's address and in the record of each payment. */
  readonly name: string
  read(headers: NoticeHeaders, rawBody: Buffer, now: Date): NoticeReading
}
