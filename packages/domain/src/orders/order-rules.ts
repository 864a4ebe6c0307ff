import { marketDay } from '../dates.ts'
import { marketOfCurrency, type Currency } from '../markets.ts'

/** docs/product/orders-and-payments.md: orders. */
export const ORDER_STATUSES = ['unpaid', 'paid', 'completed'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const FULFILMENTS = ['delivery', 'pickup'] as const
export type Fulfilment = (typeof FULFILMENTS)[number]
export const PAYMENT_TYPES = ['cash', 'credits'] as const
export type PaymentType = (typeof PAYMENT_TYPES)[number]

/** How long an Idempotency-Key answers with its first order. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/** A key still 'in flight' after this is taken to belong to a request that died. */
export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000

/** docs/product/orders-and-payments.md: cash does not allow delivery; self-collection must be chosen. */
export function paymentAllows(payment: PaymentType, fulfilment: Fulfilment): boolean {
  return payment !== 'cash' || fulfilment === 'pickup'
}

/** A cash order waits to be paid at the branch; a credit order is paid when it is placed. */
export function initialStatus(payment: PaymentType): OrderStatus {
  return payment === 'cash' ? 'unpaid' : 'paid'
}

/**
 * The order number customers and branch staff read out: SM, the day it was placed in its own
 * market (docs/product/dates-and-times.md), the order's id. The database sets it as the order is
 * inserted (sql/functions/orders-number-from-id.sql); this says the same, for tests and readers.
 */
export function orderNumber(id: number, at: Date, currency: Currency): string {
  const d = marketDay(at, marketOfCurrency(currency)).slice(2).replaceAll('-', '')
  return `SM${d}-${String(id).padStart(6, '0')}`
}
