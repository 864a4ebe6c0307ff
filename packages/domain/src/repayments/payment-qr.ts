import crc16ccitt from 'crc/crc16ccitt'
import type { Market } from '../markets.ts'

// docs/product/repayments.md (Paying by QR): the text a repayment's QR code carries, for every
// bank app of the market to scan: DuitNow QR in Malaysia (PayNet's merchant-presented mode) and
// PromptPay bill payment in Thailand, both written as EMVCo merchant-presented QR: fields of a
// two-digit id, a two-digit length and the value, ending in a CRC-16/CCITT-FALSE of all before it.

/** The shop's collecting account in each scheme, from configuration. */
export type CollectingAccount =
  | {
      scheme: 'duitnow'
      /** The acquiring bank's DuitNow id (6 digits) and the account's merchant id with it. */
      acquirerId: string
      merchantId: string
      /** The merchant category code the acquirer gave the account (4 digits). */
      categoryCode: string
      /** As the payer's app shows them: at most 25 and 15 characters. */
      name: string
      city: string
    }
  | {
      scheme: 'promptpay'
      /** The biller id PromptPay bill payment knows the account by (15 digits: tax id + suffix). */
      billerId: string
      name: string
      city: string
    }

export type PaymentQrInput = {
  account: CollectingAccount
  amountMinor: number
  /** The repayment's reference (repayment-reference.ts): the bill number the bank reports back. */
  reference: string
}

/** What a market's farmers scan: the scheme and its currency's ISO 4217 number. */
export const PAYMENT_SCHEMES = {
  MY: { scheme: 'duitnow', currencyNumber: '458', country: 'MY' },
  TH: { scheme: 'promptpay', currencyNumber: '764', country: 'TH' },
} as const satisfies Record<
  Market,
  { scheme: CollectingAccount['scheme']; currencyNumber: string; country: string }
>

/** PayNet's application id for DuitNow QR, and PromptPay's for bill payment (EMVCo field 00). */
const DUITNOW_AID = 'A000000615000101'
const PROMPTPAY_BILL_AID = 'A000000677010112'

/** The limits of the fields we fill (EMVCo: a value is 1-99 characters; name 25, city 15). */
export const QR_FIELD_LIMITS = { name: 25, city: 15, reference: 25 } as const

/** One field: id, length in two digits, value. */
function field(id: string, value: string): string {
  if (value.length === 0 || value.length > 99) throw new RangeError(`field ${id}: 1-99 characters`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

/** An amount in minor units as the scheme writes it: "1250.00". */
export function qrAmount(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('amount must be positive minor units')
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`
}

/** Field 63: the CRC of everything before it, its own id and length included. */
function withCrc(body: string): string {
  const head = `${body}6304`
  return head + crc16ccitt(head).toString(16).toUpperCase().padStart(4, '0')
}

/** Printable ASCII only: EMVCo's alphanumeric special set, which every scanning app reads. */
function ascii(text: string, limit: number): string {
  const plain = text.normalize('NFKD').replace(/[^\x20-\x7e]/g, '')
  return plain.slice(0, limit).trim()
}

/**
 * The QR text of one repayment: dynamic (point of initiation 12: one amount, one payment), the
 * collecting account, the currency, the amount, the country, the account's name and city, and
 * the reference as the bill number (DuitNow: additional data field 01; PromptPay bill payment:
 * reference 1, which Thai banks report on the statement).
 */
export function paymentQrPayload({ account, amountMinor, reference }: PaymentQrInput): string {
  if (!/^[0-9A-Z]{1,25}$/.test(reference))
    throw new RangeError('reference: 1-25 capitals or digits')
  const market: Market = account.scheme === 'duitnow' ? 'MY' : 'TH'
  const scheme = PAYMENT_SCHEMES[market]
  const parts = [field('00', '01'), field('01', '12')]
  if (account.scheme === 'duitnow') {
    parts.push(
      field(
        '26',
        field('00', DUITNOW_AID) +
          field('01', account.acquirerId) +
          field('02', account.merchantId),
      ),
      field('52', account.categoryCode),
    )
  } else {
    parts.push(
      field(
        '30',
        field('00', PROMPTPAY_BILL_AID) + field('01', account.billerId) + field('02', reference),
      ),
    )
  }
  parts.push(
    field('53', scheme.currencyNumber),
    field('54', qrAmount(amountMinor)),
    field('58', scheme.country),
    field('59', ascii(account.name, QR_FIELD_LIMITS.name)),
    field('60', ascii(account.city, QR_FIELD_LIMITS.city)),
    field('62', field('01', reference)),
  )
  return withCrc(parts.join(''))
}

/** The configuration's account checked once at start: what a scheme needs, in its shape. */
export function collectingAccountProblem(account: CollectingAccount): string | null {
  if (account.scheme === 'duitnow') {
    if (!/^\d{6}$/.test(account.acquirerId)) return 'DuitNow acquirer id: 6 digits'
    if (!/^[0-9A-Za-z]{1,50}$/.test(account.merchantId))
      return 'DuitNow merchant id: 1-50 letters or digits'
    if (!/^\d{4}$/.test(account.categoryCode)) return 'merchant category code: 4 digits'
  } else if (!/^\d{15}$/.test(account.billerId)) return 'PromptPay biller id: 15 digits'
  if (ascii(account.name, QR_FIELD_LIMITS.name) === '')
    return 'account name: letters a scanning app can show'
  if (ascii(account.city, QR_FIELD_LIMITS.city) === '')
    return 'account city: letters a scanning app can show'
  return null
}
