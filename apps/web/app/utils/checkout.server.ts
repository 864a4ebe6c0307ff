import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Money } from '@padi/domain/money'
import { localizedText, type Locale } from '@padi/domain/i18n/locales'
import type { StockRefusal } from '@padi/domain/orders/order-schemas'
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
  // Credit as the other way only to a farmer who can pay with it.
  if (!paymentAllows(form.payment, form.fulfilment))
    problems.payment = {
      key: quote.credit?.spendable
        ? 'checkout.errors.cashNeedsPickup'
        : 'checkout.errors.cashNeedsPickupOnly',
    }
  else if (form.payment === 'credits') {
    if (!quote.credit?.spendable) problems.payment = { key: 'checkout.errors.noCredit' }
    else if (quote.credit.shortfall.amount_minor > 0)
      problems.payment = { key: 'checkout.errors.insufficient', amount: quote.credit.shortfall }
  }
  if (form.fulfilment === 'delivery' && form.address_id === undefined)
    problems.address_id = { key: 'checkout.errors.addressRequired' }
  if (form.fulfilment === 'pickup' && form.branch_id === undefined)
    problems.branch_id =
      quote.pickup.suggested_branch_id === null
        ? { key: 'checkout.errors.noBranchHasAll' }
        : { key: 'checkout.errors.branchRequired' }
  const stock = stockProblem(quote, form.fulfilment, form.branch_id)
  if (stock && form.fulfilment === 'pickup' && form.branch_id !== undefined)
    problems.branch_id = stock.branch
      ? { key: 'checkout.errors.branchLacks', params: { branch: stock.branch } }
      : { key: 'checkout.errors.noBranchHasAll' }
  if (stock && form.fulfilment === 'delivery')
    problems.fulfilment = { key: 'checkout.errors.noBranchHasAll' }
  return problems
}

/** A line of the order as a farmer reads it: "GluFos 150SL · 1 L". */
export type StockLineView = {
  variationId: number
  productId: number
  label: string
  count: number
  /** How many the branch in question holds (for a delivery: the most one branch holds). */
  available: number
}

/**
 * docs/product/orders-and-payments.md (Stock at pickup): why the chosen way of getting the order
 * cannot be had: the branch chosen for collection lacks lines (branch names it), or no branch
 * can make the delivery (branch null); null when it can be had.
 */
export function stockProblem(
  quote: CheckoutQuote,
  fulfilment: 'pickup' | 'delivery',
  branchId: number | undefined,
  locale: Locale = 'en',
): { branch: string | null; lines: StockLineView[] } | null {
  const view = (l: CheckoutQuote['lines'][number], available: number): StockLineView => ({
    variationId: l.variation_id,
    productId: l.product_id,
    label: `${localizedText(l.name, locale)} · ${localizedText(l.variation, locale)}`,
    count: l.count,
    available,
  })
  if (fulfilment === 'pickup') {
    if (branchId === undefined) return null
    const branch = quote.pickup.branches.find((b) => b.branch_id === branchId)
    // Not a branch of the customer's country: the order's own check answers it.
    if (!branch || branch.holds_all) return null
    const at = (l: CheckoutQuote['lines'][number]) =>
      l.branches.find((b) => b.branch_id === branchId)?.quantity ?? 0
    return {
      branch: localizedText(branch.name, locale),
      lines: quote.lines
        .filter((l) => branch.short.includes(l.variation_id))
        .map((l) => view(l, at(l))),
    }
  }
  if (quote.delivery_branch_id !== null || quote.lines.length === 0) return null
  const most = (l: CheckoutQuote['lines'][number]) =>
    Math.max(0, ...l.branches.map((b) => b.quantity))
  const nowhere = quote.lines.filter((l) => most(l) < l.count)
  return {
    branch: null,
    lines: (nowhere.length ? nowhere : quote.lines).map((l) => view(l, most(l))),
  }
}

/** A branch a collection can be made at, as the checkout's list shows it. */
export type PickupBranchView = { id: number; name: string; km: number | null; preferred: boolean }

/**
 * docs/product/orders-and-payments.md (Stock at pickup): what checkout shows about collection.
 * Only the branches holding every ticked line in full are offered, the farmer's own first, then
 * the nearest; the branch chosen before stays chosen while it can still give it all, else the
 * suggested one (the farmer's own when it can, else the nearest that can). When the farmer's
 * branch cannot, it says which lines it lacks; when no branch can, where each line is.
 */
export function pickupView(quote: CheckoutQuote, locale: Locale, keptBranchId?: number) {
  const name = (b: { name: CheckoutQuote['pickup']['branches'][number]['name'] }) =>
    localizedText(b.name, locale)
  const branches: PickupBranchView[] = quote.pickup.branches
    .filter((b) => b.holds_all)
    .map((b) => ({ id: b.branch_id, name: name(b), km: b.distance_km, preferred: b.preferred }))
  const chosen = branches.some((b) => b.id === keptBranchId)
    ? keptBranchId
    : (quote.pickup.suggested_branch_id ?? undefined)
  const own = quote.pickup.branches.find((b) => b.preferred)
  const ownLacks =
    own && !own.holds_all
      ? {
          name: name(own),
          lines: stockProblem(quote, 'pickup', own.branch_id, locale)?.lines ?? [],
        }
      : null
  const names = new Map(quote.pickup.branches.map((b) => [b.branch_id, name(b)]))
  // Where each line is, for the farmer whose order no branch can give whole: the first three
  // branches holding it (their own, then the nearest).
  const lines = quote.lines.map((l) => ({
    variationId: l.variation_id,
    productId: l.product_id,
    label: `${localizedText(l.name, locale)} · ${localizedText(l.variation, locale)}`,
    count: l.count,
    heldAt: l.branches.slice(0, 3).map((b) => ({
      name: names.get(b.branch_id) ?? '',
      quantity: b.quantity,
    })),
  }))
  return {
    branches,
    /** How many branches of the country are left out (they lack something). */
    leftOut: quote.pickup.branches.length - branches.length,
    chosen,
    ownLacks,
    noneHoldsAll: branches.length === 0,
    // Delivery is offered as a way on only to a farmer who can pay for it (on credit).
    deliveryPossible: quote.delivery_branch_id !== null && Boolean(quote.credit?.spendable),
    lines,
  }
}
export type PickupView = ReturnType<typeof pickupView>

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
  /** OUT_OF_STOCK: the lines the branch (or a delivery) lacks, and a way back to checkout. */
  stockLines?: StockLineView[]
}

/** docs/product/orders-and-payments.md: each refusal of POST /orders, as the payment page says it. */
export function paymentRefusal(
  error: ApiError,
  locale: Locale = 'en',
): { body: PaymentRefusal; init: ResponseInit } {
  const init = readRefusal(error).init
  const data = error.body
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
      return stockRefused(error.body, locale, init)
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

/**
 * docs/product/orders-and-payments.md (Stock at pickup): an order refused for its stock (another
 * order took the last packs first) says which branch lacks which line, translated; an answer
 * without the details (an older API) keeps the general text.
 */
function stockRefused(
  data: Partial<StockRefusal> | null,
  locale: Locale,
  init: ResponseInit,
): { body: PaymentRefusal; init: ResponseInit } {
  const lines = Array.isArray(data?.lines) ? data.lines : []
  const formError = { key: 'checkout.errors.failed' }
  if (lines.length === 0)
    return { body: { formError, reason: { key: 'checkout.errors.outOfStock' } }, init }
  const stockLines = lines.map((l) => ({
    variationId: l.variation_id,
    productId: l.product_id,
    label: `${localizedText(l.name, locale)} · ${localizedText(l.variation, locale)}`,
    count: l.count,
    available: l.available,
  }))
  const reason = data?.branch
    ? {
        key: 'checkout.errors.outOfStockAt',
        params: { branch: localizedText(data.branch.name, locale) },
      }
    : { key: 'checkout.errors.outOfStockDelivery' }
  return { body: { formError, reason, stockLines }, init }
}
