import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Money } from '@padi/domain/money'
import { RemarksSchema, type CheckoutQuote } from '@padi/domain/orders/order-schemas'
import { FULFILMENTS, PAYMENT_TYPES, paymentAllows } from '@padi/domain/orders/order-rules'
import type { ApiError } from './api.server.ts'
import { readRefusal } from './api-errors.server.ts'
import { lockMinutes } from './pin-setup.server.ts'
import type { CheckoutChoice, WebSession } from './session.server.ts'

const Id = z.coerce.number().int().positive().max(2_147_483_647)

/** The checkout form as posted; the API checks the same again when the order is placed. */
export const CheckoutForm = z.object({
  fulfilment: z.enum(FULFILMENTS),
  payment: z.enum(PAYMENT_TYPES),
  branch_id: Id.optional(),
  address_id: Id.optional(),
  remarks: RemarksSchema.optional(),
})
export type CheckoutFormValues = z.infer<typeof CheckoutForm>

export type CheckoutField = 'fulfilment' | 'payment' | 'branch_id' | 'address_id' | 'remarks'
export type CheckoutMessage = {
  key: string
  amount?: Money
  params?: Record<string, string | number>
}

/**
 * docs/product/orders-and-payments.md: what checkout refuses before the payment step: cash with
 * delivery, delivery without an address, collection without a branch, credits without an active
 * line or with too little on it (with the additional amount needed).
 */
export function checkoutProblems(
  form: CheckoutFormValues,
  quote: CheckoutQuote,
): Partial<Record<CheckoutField, CheckoutMessage>> {
  const problems: Partial<Record<CheckoutField, CheckoutMessage>> = {}
  if (!paymentAllows(form.payment, form.fulfilment))
    problems.payment = { key: 'checkout.errors.cashNeedsPickup' }
  else if (form.payment === 'credits') {
    if (!quote.credit?.spendable) problems.payment = { key: 'checkout.errors.noCredit' }
    else if (quote.credit.shortfall.amount_minor > 0)
      problems.payment = { key: 'checkout.errors.insufficient', amount: quote.credit.shortfall }
  }
  if (form.fulfilment === 'delivery' && form.address_id === undefined)
    problems.address_id = { key: 'checkout.errors.addressRequired' }
  if (form.fulfilment === 'pickup' && form.branch_id === undefined)
    problems.branch_id = { key: 'checkout.errors.branchRequired' }
  return problems
}

/**
 * Keeps the choice for the payment step. The Idempotency-Key stays while the choice stays the
 * same, so going back and forth, a double tap or a lost answer can never place it twice; a
 * changed choice is another order and gets another key.
 */
export function rememberChoice(session: WebSession, form: CheckoutFormValues): CheckoutChoice {
  const next = {
    fulfilment: form.fulfilment,
    payment: form.payment,
    branchId: form.fulfilment === 'pickup' ? form.branch_id : undefined,
    addressId: form.fulfilment === 'delivery' ? form.address_id : undefined,
    remarks: form.remarks || undefined,
  }
  const previous = session.data.checkout
  const same =
    previous &&
    previous.fulfilment === next.fulfilment &&
    previous.payment === next.payment &&
    previous.branchId === next.branchId &&
    previous.addressId === next.addressId &&
    previous.remarks === next.remarks
  const choice: CheckoutChoice = { ...next, key: same ? previous.key : randomUUID() }
  session.update({ checkout: choice })
  return choice
}

/**
 * After a wrong PIN the next submit is another try, so it gets another Idempotency-Key (the API
 * answers the very same try sent again with one key, a double tap, without counting it twice).
 */
export function newTryAfterWrongPin(session: WebSession, choice: CheckoutChoice) {
  session.update({ checkout: { ...choice, key: randomUUID() } })
}

/** The body of POST /orders for a kept choice. */
export function orderBody(choice: CheckoutChoice, pin: string | undefined) {
  return {
    fulfilment: choice.fulfilment,
    payment: choice.payment,
    ...(choice.branchId !== undefined ? { branch_id: choice.branchId } : {}),
    ...(choice.addressId !== undefined ? { address_id: choice.addressId } : {}),
    ...(choice.remarks ? { remarks: choice.remarks } : {}),
    ...(pin ? { pin } : {}),
  }
}

export type PaymentRefusal = {
  /** Under the PIN field (a wrong PIN); otherwise above the form. */
  pinError?: CheckoutMessage
  formError?: CheckoutMessage
  /** The reason under "Failed to place order". */
  reason?: CheckoutMessage
}

/** docs/product/orders-and-payments.md: each refusal of POST /orders, as the payment page says it. */
export function paymentRefusal(error: ApiError): { body: PaymentRefusal; init: ResponseInit } {
  const init = readRefusal(error).init
  const data = (error.data ?? {}) as {
    attempts_left?: number
    shortfall?: Money
    reason?: string
  }
  const failed = (reason: string, extra: Partial<CheckoutMessage> = {}) => ({
    body: { formError: { key: 'checkout.errors.failed' }, reason: { key: reason, ...extra } },
    init,
  })
  switch (error.code) {
    case 'PIN_INVALID':
      return {
        body: {
          pinError: { key: 'pin.errors.invalid', params: { count: data.attempts_left ?? 0 } },
        },
        init,
      }
    case 'PIN_LOCKED':
      return {
        body: { formError: { key: 'pin.errors.locked', params: { minutes: lockMinutes(error) } } },
        init,
      }
    case 'PIN_REQUIRED':
      return { body: { pinError: { key: 'pin.errors.format' } }, init }
    case 'CREDIT_INSUFFICIENT':
      return data.shortfall
        ? failed('checkout.errors.insufficient', { amount: data.shortfall })
        : failed('checkout.errors.noCredit')
    case 'CREDIT_UNAVAILABLE':
      // A line that exists but cannot pay (suspended, expired) needs the contract renewed.
      return data.reason === 'suspended' || data.reason === 'expired'
        ? failed('checkout.payment.suspended')
        : failed('checkout.errors.noCredit')
    case 'OUT_OF_STOCK':
      return failed('checkout.errors.outOfStock')
    case 'NOT_FOR_SALE':
      return failed('checkout.errors.notForSale')
    case 'CART_EMPTY':
      return failed('checkout.errors.cartEmpty')
    case 'CASH_NEEDS_PICKUP':
      return failed('checkout.errors.cashNeedsPickup')
    case 'IDEMPOTENCY_IN_FLIGHT':
      return failed('checkout.errors.inFlight')
    case 'BIOMETRIC_FAILED':
      return { body: { formError: { key: 'biometric.failed' } }, init }
    case 'BIOMETRIC_NOT_SET_UP':
      return { body: { formError: { key: 'biometric.setUpFirst' } }, init }
    case 'PRICE_CHANGED':
      return { body: { formError: { key: 'biometric.priceChanged' } }, init }
    case 'NOT_FOUND':
    case 'VALIDATION_FAILED':
    case 'IDEMPOTENCY_MISMATCH':
      return failed('checkout.errors.changed')
    default: {
      const refusal = readRefusal(error)
      if (refusal.kind === 'busy' && refusal.message)
        return { body: { formError: refusal.message }, init }
      return failed('checkout.errors.network')
    }
  }
}
