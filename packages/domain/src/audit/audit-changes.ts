// docs/product/back-office.md (Audit log): an entry's fields as people read them. The log keeps
// each record's fields as the code wrote them (minor units, instants, ids); this says what each
// one is, so the page can show money with its currency, a due date as the day it falls on in the
// market, a branch by its name, and every field in words. No zod: pure rules.
import { ROLES, USER_STATUSES } from '../auth/roles.ts'
import { ALL_CATEGORIES } from '../catalogue/catalogue.ts'
import { KYC_APPLICATION_STATES } from '../kyc/kyc-application.ts'
import { KYC_DOCUMENT_KINDS } from '../kyc/kyc-documents.ts'
import { KYC_DOCUMENT_REVIEWS } from '../kyc/kyc-document-review.ts'
import { MARKET_CURRENCY, MARKET_TIME_ZONE, type Currency, type Market } from '../markets.ts'
import { ORDER_STATUSES } from '../orders/order-rules.ts'

/** What a field's value is, and so how it is shown. */
export const AUDIT_VALUE_KINDS = [
  /** Words as written (a reason, a phone number, a SKU). */
  'text',
  'number',
  'yes_no',
  /** Integer minor units of `currency`. */
  'money',
  /** A calendar day in the market (YYYY-MM-DD): due dates, 'may apply again from'. */
  'day',
  /** A moment (an ISO instant), shown with its time in the market's time zone. */
  'time',
  /** A length of time, in seconds. */
  'seconds',
  /** One of a field's known values, with words of its own (a status, a role, a document kind). */
  'code',
  /** Several of them (the documents finance asked for). */
  'codes',
  /** A branch, a pack or a person: the API puts their name in place of the id. */
  'branch',
  'pack',
  'person',
  /** A record's number (a ledger entry, a file): shown as #12. */
  'id',
  /** One weekday's opening hours ("07:30–17:00"), or null: closed. */
  'hours',
] as const
export type AuditValueKind = (typeof AUDIT_VALUE_KINDS)[number]

export type LocalizedValue = { en: string; bm?: string | undefined; th?: string | undefined }
export type AuditValue = string | number | boolean | null | string[] | LocalizedValue

export type AuditChange = {
  /** The field, as the catalogue's key names it (`price_my_minor`, `name.en`, `opening_hours.1`). */
  field: string
  kind: AuditValueKind
  /** For money: its currency. */
  currency: Currency | null
  before: AuditValue
  after: AuditValue
}

type Rule = { kind: AuditValueKind; currency?: Currency; perSecond?: number }

/**
 * Every field the back office writes to the log, by name. A field not listed is read by its
 * value (yes/no, a number, words); the catalogue test makes sure each listed field has words.
 */
export const AUDIT_FIELDS: Record<string, Rule> = {
  // What a record is in: words per value in the catalogue.
  status: { kind: 'code' },
  state: { kind: 'code' },
  role: { kind: 'code' },
  review: { kind: 'code' },
  kind: { kind: 'code' },
  limit: { kind: 'code' },
  operation: { kind: 'code' },
  category: { kind: 'code' },
  requested_documents: { kind: 'codes' },
  // Money: the field says its currency, or the record does.
  price_my_minor: { kind: 'money', currency: 'MYR' },
  price_th_minor: { kind: 'money', currency: 'THB' },
  value_minor: { kind: 'money' },
  amount_minor: { kind: 'money' },
  // Days kept as the first moment of the day in the market.
  can_resubmit_at: { kind: 'day' },
  due_at: { kind: 'day' },
  harvest_on: { kind: 'day' },
  // Moments.
  completed_at: { kind: 'time' },
  legal_hold_at: { kind: 'time' },
  purged_at: { kind: 'time' },
  expires_at: { kind: 'time' },
  // Who and where.
  branch_id: { kind: 'branch' },
  staff_branch_id: { kind: 'branch' },
  pack_id: { kind: 'pack' },
  user_id: { kind: 'person' },
  customer_id: { kind: 'person' },
  // Numbers of other records.
  document_id: { kind: 'id' },
  file_id: { kind: 'id' },
  ledger_entry_id: { kind: 'id' },
  new_line_id: { kind: 'id' },
  // Counts and amounts.
  verified_hectares: { kind: 'number' },
  quantity: { kind: 'number' },
  documents: { kind: 'number' },
  misses: { kind: 'number' },
  max: { kind: 'number' },
  sent: { kind: 'number' },
  retry_after_seconds: { kind: 'seconds' },
  window_ms: { kind: 'seconds', perSecond: 1000 },
  // Words as written.
  decision_reason: { kind: 'text' },
  reason: { kind: 'text' },
  logistics_company: { kind: 'text' },
  tracking_url: { kind: 'text' },
  mobile: { kind: 'text' },
  phone: { kind: 'text' },
  serial: { kind: 'text' },
  sku: { kind: 'text' },
  brand: { kind: 'text' },
  photo: { kind: 'text' },
  file_name: { kind: 'text' },
  featured: { kind: 'yes_no' },
  hidden: { kind: 'yes_no' },
}

/**
 * The values a code field takes, each with words in the catalogue; another value (written by a
 * newer version) shows as it is.
 */
export const AUDIT_CODES: Record<string, readonly string[]> = {
  status: [...new Set([...ORDER_STATUSES, ...USER_STATUSES, 'pending', 'approved', 'rejected'])],
  state: KYC_APPLICATION_STATES,
  role: ROLES,
  review: KYC_DOCUMENT_REVIEWS,
  kind: KYC_DOCUMENT_KINDS,
  limit: ['staff', 'branch', 'number'],
  operation: ['lookup', 'purchase', 'hand_over'],
  category: ALL_CATEGORIES,
}

/** Texts kept in each language: one field per language. */
export const AUDIT_TEXT_FIELDS = ['name', 'title', 'description', 'label', 'address'] as const

/**
 * Fields that say which thing a change is about (the pack whose price changed, the document
 * finance judged): shown even when they are the same before and after.
 */
const CONTEXT_FIELDS = new Set(['pack_id', 'branch_id', 'document_id', 'kind', 'file_name'])

/** Fields that only serve another (the currency of a voucher's value). */
const HIDDEN_FIELDS = new Set(['currency'])

const LANGUAGES = ['en', 'bm', 'th'] as const

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayInZone(instant: string | Date, timeZone: string): string {
  const d = instant instanceof Date ? instant : new Date(instant)
  if (Number.isNaN(d.getTime())) return String(instant)
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    calendar: 'gregory',
  }).formatToParts(d)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

type Record_ = Record<string, unknown> | null

const isLocalized = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'en' in v

/** A record's fields, with texts in each language and opening hours one field each. */
function flatten(record: Record_): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [key, value] of Object.entries(record ?? {})) {
    if (HIDDEN_FIELDS.has(key)) continue
    if (isLocalized(value)) {
      for (const lang of LANGUAGES) out.set(`${key}.${lang}`, value[lang] ?? null)
    } else if (key === 'opening_hours' && Array.isArray(value)) {
      value.forEach((day, i) => {
        const hours = day as { open?: string; close?: string } | null
        out.set(`opening_hours.${i}`, hours ? `${hours.open ?? ''}–${hours.close ?? ''}` : null)
      })
    } else out.set(key, value)
  }
  return out
}

/** How a field is read: by its name, else by its value. */
function ruleOf(field: string, sample: unknown): Rule {
  // A yes or no is one whatever the field (a code sent by SMS or not; how many were sent).
  if (typeof sample === 'boolean') return { kind: 'yes_no' }
  const rule = AUDIT_FIELDS[field]
  if (rule) return rule
  if (field.startsWith('opening_hours.')) return { kind: 'hours' }
  if (typeof sample === 'number') return { kind: 'number' }
  return { kind: 'text' }
}

/** A value as its kind has it; anything unexpected becomes words, never lost. */
function valueOf(rule: Rule, value: unknown, timeZone: string): AuditValue {
  if (value === null || value === undefined) return null
  switch (rule.kind) {
    case 'day':
      // A day may have been kept as a date already, or as the first moment of the day.
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? value
        : dayInZone(String(value), timeZone)
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value)
      return Number.isFinite(n) ? n : String(value)
    }
    case 'seconds': {
      const n = typeof value === 'number' ? value : Number(value)
      return Number.isFinite(n) ? Math.round(n / (rule.perSecond ?? 1)) : String(value)
    }
    case 'codes':
      return Array.isArray(value) ? value.map(String) : [String(value)]
    case 'yes_no':
      return typeof value === 'boolean' ? value : String(value)
    case 'money':
    case 'id':
    case 'branch':
    case 'pack':
    case 'person':
      return typeof value === 'number' ? value : String(value)
    default:
      return typeof value === 'string' ? value : JSON.stringify(value)
  }
}

const same = (a: AuditValue, b: AuditValue) => JSON.stringify(a) === JSON.stringify(b)

/**
 * docs/product/back-office.md (Audit log): what an entry changed, field by field, each with its
 * kind (and currency for money), days as days in the record's market. Fields that did not change
 * are left out, but for those that say what the change is about (the pack, the document).
 */
export function auditChanges(
  before: Record_,
  after: Record_,
  market: Market | null,
): AuditChange[] {
  const timeZone = MARKET_TIME_ZONE[market ?? 'MY']
  const b = flatten(before)
  const a = flatten(after)
  // The record's own currency, when it keeps one (a voucher), else its market's.
  const recordCurrency = ((after?.currency ?? before?.currency) as Currency | undefined) ?? null
  const fallbackCurrency = recordCurrency ?? (market ? MARKET_CURRENCY[market] : null)
  const fields = [...new Set([...b.keys(), ...a.keys()])]
  const changes: AuditChange[] = []
  for (const field of fields) {
    const rule = ruleOf(field, a.get(field) ?? b.get(field))
    const change: AuditChange = {
      field,
      kind: rule.kind,
      currency: rule.kind === 'money' ? (rule.currency ?? fallbackCurrency) : null,
      before: valueOf(rule, b.get(field), timeZone),
      after: valueOf(rule, a.get(field), timeZone),
    }
    // Money whose currency is not known is a number: never shown in the wrong currency.
    if (change.kind === 'money' && !change.currency) change.kind = 'number'
    if (!same(change.before, change.after) || (CONTEXT_FIELDS.has(field) && before !== null))
      changes.push(change)
  }
  return changes
}

/** The kinds of record the log names (docs/product/back-office.md, Audit log). */
export const AUDIT_SUBJECTS = [
  'user',
  'order',
  'product',
  'branch',
  'kyc_application',
  'repayment_receipt',
  'late_repayment_application',
  'contract_renewal',
  'voucher',
] as const
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number]

/**
 * The kinds of change the back office writes ('user.suspend'), by the kind of record they change,
 * for the log's filter (each with words).
 */
const CHANGES_BY_GROUP: Record<string, readonly string[]> = {
  order: ['ship', 'complete'],
  product: ['create', 'edit', 'prices', 'stock', 'pack', 'photo', 'hide', 'show'],
  branch: ['edit'],
  user: ['suspend', 'reactivate', 'assign', 'mobile_change', 'legal_hold', 'legal_hold_lifted'],
  kyc: ['approve', 'reject', 'request_documents', 'document_review', 'purge'],
  receipt: ['approve', 'reject'],
  extension: ['approve', 'reject'],
  renewal: ['approve', 'reject'],
  voucher: ['issue'],
  file: ['read'],
  counter: ['sms_code_sent', 'sms_code_limited', 'code_misses_limited'],
}

/** Each group with its kinds of change, in full ('user', ['user.suspend', …]). */
export const AUDIT_ACTION_GROUPS: readonly (readonly [string, readonly string[]])[] =
  Object.entries(CHANGES_BY_GROUP).map(([group, changes]) => [
    group,
    changes.map((change) => `${group}.${change}`),
  ])

export const AUDIT_ACTIONS: readonly string[] = AUDIT_ACTION_GROUPS.flatMap(([, all]) => all)
