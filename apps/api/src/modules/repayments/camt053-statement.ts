import type { XMLParser } from 'fast-xml-parser'
import { CURRENCIES, type Currency } from '@padi/domain/markets'
import type { StatementCredit } from '@padi/domain/repayments/statement-matching'
import { INT4_MAX, TEXT_BLOCK_PATTERN } from '@padi/domain/input-schemas'
import { parseAmountMinor } from '@padi/domain/repayments/receipt-rules'

// docs/product/repayments.md (Matching the statement): the credits of an ISO 20022 bank-to-
// customer statement (camt.053, versions 001.02 to 001.13 read alike here). Each booked credit
// entry, or each transaction of a batch entry, is one line; debits, pending entries and
// information-only entries are left out.

export type StatementParse =
  { ok: true; credits: StatementCredit[]; ignored: number } | { ok: false; problem: string }

let parser: Promise<XMLParser> | null = null

/**
 * fast-xml-parser, loaded at the first statement a server reads rather than at its start
 * (ADR 085: a server that never imports a statement does not hold it; docs/performance.md, Memory).
 */
function loadParser(): Promise<XMLParser> {
  parser ??= import('fast-xml-parser').then(
    ({ XMLParser }) =>
      new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '@',
        removeNSPrefix: true,
        // Every element that may repeat is a list, whatever one file holds.
        isArray: (name) => ['Stmt', 'Ntry', 'TxDtls', 'Ustrd', 'Strd'].includes(name),
        parseTagValue: false,
        processEntities: true,
        htmlEntities: false,
      }),
  )
  return parser
}

type Node = Record<string, unknown>
const node = (v: unknown): Node => (v && typeof v === 'object' ? (v as Node) : {})
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v])
/** An element's text, whether it has attributes or not. */
const text = (v: unknown): string => {
  if (typeof v === 'string' || typeof v === 'number') return String(v)
  const t = node(v)['#text']
  return typeof t === 'string' || typeof t === 'number' ? String(t) : ''
}
/** Letters, digits and printable marks only, spaces squeezed: a bank's text as a line of ours. */
export const plain = (s: string, max: number) =>
  s
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)

/**
 * "150.50" in minor units, exactly (no floating point), or null for anything else: the amount
 * rule of a typed amount (parseAmountMinor), without the thousands commas a person types (in a
 * statement "1,5" would be a decimal comma, so it is refused, not read as 15), and within the
 * columns' integer.
 */
export function decimalToMinor(value: string): number | null {
  if (value.includes(',')) return null
  const amount = parseAmountMinor(value)
  return amount.ok && amount.minor <= INT4_MAX ? amount.minor : null
}

function status(entry: Node): string {
  const sts = entry.Sts
  return text(node(sts).Cd ?? sts)
}

function bookedOn(entry: Node): string {
  const booking = node(entry.BookgDt)
  return (text(booking.Dt) || text(booking.DtTm)).slice(0, 10)
}

function remittance(tx: Node): string {
  const rmt = node(tx.RmtInf)
  const parts = list(rmt.Ustrd).map(text)
  for (const strd of list(rmt.Strd)) parts.push(text(node(node(strd).CdtrRefInf).Ref))
  const refs = node(tx.Refs)
  parts.push(text(refs.EndToEndId), text(node(tx.AddtlTxInf)) || text(tx.AddtlTxInf))
  return parts.filter((p) => p && p !== 'NOTPROVIDED').join(' ')
}

function payer(tx: Node): string | null {
  const debtor = node(node(tx.RltdPties).Dbtr)
  const name = text(debtor.Nm) || text(node(debtor.Pty).Nm)
  return name ? plain(name, 200) : null
}

/** The credits of a camt.053 document, or why it cannot be read as one. */
export async function parseCamt053(xml: string): Promise<StatementParse> {
  // A statement never declares a document type or entities of its own: refusing them shuts out
  // entity expansion (docs/security.md).
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, problem: 'a document type declaration' }
  // NUL and the other control characters XML 1.0 does not allow: not a bank's file.
  if (!TEXT_BLOCK_PATTERN.test(xml)) return { ok: false, problem: 'characters XML does not allow' }
  let doc: Node
  try {
    doc = node((await loadParser()).parse(xml, true))
  } catch {
    return { ok: false, problem: 'not well-formed XML' }
  }
  const statements = list(node(node(doc.Document).BkToCstmrStmt).Stmt)
  if (statements.length === 0)
    return { ok: false, problem: 'no camt.053 statement (BkToCstmrStmt/Stmt)' }
  const credits: StatementCredit[] = []
  let ignored = 0
  for (const stmt of statements) {
    for (const raw of list(node(stmt).Ntry)) {
      const entry = node(raw)
      if (text(entry.CdtDbtInd) !== 'CRDT' || status(entry) !== 'BOOK') {
        ignored++
        continue
      }
      const day = bookedOn(entry)
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day))
        return { ok: false, problem: 'an entry without its booking date' }
      const txs = list(node(entry.NtryDtls).TxDtls).map(node)
      const parts = txs.length > 0 ? txs : [{} as Node]
      for (const [i, tx] of parts.entries()) {
        // A batch's transactions carry their own amounts; a single one may leave it to the entry.
        const has = (v: unknown) => node(v)['#text'] !== undefined
        const txAmount = has(tx.Amt) ? tx.Amt : node(node(tx.AmtDtls).TxAmt).Amt
        const amountNode = has(txAmount) ? txAmount : parts.length === 1 ? entry.Amt : undefined
        const currency = node(amountNode)['@Ccy']
        const amountMinor = decimalToMinor(text(amountNode))
        if (amountMinor === null)
          return {
            ok: false,
            problem: 'an entry whose amount is not a positive amount with at most two decimals',
          }
        if (!CURRENCIES.some((c) => c === currency))
          return {
            ok: false,
            problem: `an entry in a currency the shop does not take (${plain(String(currency ?? ''), 3)})`,
          }
        const id =
          text(node(tx.Refs).AcctSvcrRef) ||
          (text(entry.AcctSvcrRef) || text(entry.NtryRef)) + (parts.length > 1 ? `/${i + 1}` : '')
        if (!id)
          return {
            ok: false,
            problem: 'an entry without the bank’s reference (AcctSvcrRef or NtryRef)',
          }
        credits.push({
          bankTransactionId: plain(id, 100),
          bookedOn: day,
          amountMinor,
          currency: currency as Currency,
          details: plain(remittance(tx), 500),
          payerName: payer(tx),
        })
      }
    }
  }
  return { ok: true, credits, ignored }
}
