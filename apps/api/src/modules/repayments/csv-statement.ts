import { TEXT_BLOCK_PATTERN } from '@padi/domain/input-schemas'
import type { StatementCsvMapping } from '@padi/domain/repayments/statement-schemas'
import type { StatementCredit } from '@padi/domain/repayments/statement-matching'
import { decimalToMinor, plain, type StatementParse } from './camt053-statement.ts'

// docs/product/repayments.md (Statements as CSV): a bank's CSV export read through the mapping
// finance saved for that bank. The first row names the columns; a row whose credit column is
// empty or 0 (money out, in a bank's separate debit column) is left out.

/** The day a bank wrote, as YYYY-MM-DD, or null when it is not a real day in that format. */
export function csvDay(text: string, format: StatementCsvMapping['date_format']): string | null {
  const m =
    format === 'YYYY-MM-DD'
      ? /^(\d{4})-(\d{2})-(\d{2})/.exec(text)
      : (format === 'DD/MM/YYYY' ? /^(\d{2})\/(\d{2})\/(\d{4})/ : /^(\d{2})-(\d{2})-(\d{4})/).exec(
          text,
        )
  if (!m) return null
  const [y, mo, d] = format === 'YYYY-MM-DD' ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]]
  const day = `${y}-${mo}-${d}`
  const date = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day ? day : null
}

export async function parseStatementCsv(
  text: string,
  mapping: StatementCsvMapping,
): Promise<StatementParse> {
  // csv-parse, loaded at the first CSV statement rather than at the server's start (ADR 085).
  const { parse } = await import('csv-parse/sync')
  if (!TEXT_BLOCK_PATTERN.test(text))
    return { ok: false, problem: 'characters a CSV does not hold' }
  let rows: Record<string, string>[]
  try {
    rows = parse(text, {
      columns: true,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      delimiter: [',', ';', '\t'],
    })
  } catch {
    return { ok: false, problem: 'not a CSV file' }
  }
  const header = rows.length > 0 ? Object.keys(rows[0]!) : []
  const wanted = [
    mapping.id_column,
    mapping.date_column,
    mapping.amount_column,
    mapping.details_column,
    ...(mapping.payer_column ? [mapping.payer_column] : []),
  ]
  const missing = wanted.find((c) => !header.includes(c))
  if (rows.length > 0 && missing)
    return { ok: false, problem: `no column "${plain(missing, 100)}" in the file` }
  const credits: StatementCredit[] = []
  let ignored = 0
  for (const [i, row] of rows.entries()) {
    const line = i + 2
    const written = (row[mapping.amount_column] ?? '').replace(/[\s,]/g, '')
    if (written === '' || /^0+(\.0+)?$/.test(written)) {
      ignored++
      continue
    }
    const amountMinor = decimalToMinor(written)
    if (amountMinor === null)
      return {
        ok: false,
        problem: `row ${line}: the amount is not a positive amount with at most two decimals`,
      }
    const bookedOn = csvDay(row[mapping.date_column] ?? '', mapping.date_format)
    if (!bookedOn)
      return { ok: false, problem: `row ${line}: the date is not ${mapping.date_format}` }
    const id = plain(row[mapping.id_column] ?? '', 100)
    if (!id) return { ok: false, problem: `row ${line}: no transaction id` }
    const payer = mapping.payer_column ? plain(row[mapping.payer_column] ?? '', 200) : ''
    credits.push({
      bankTransactionId: id,
      bookedOn,
      amountMinor,
      currency: mapping.currency,
      details: plain(row[mapping.details_column] ?? '', 500),
      payerName: payer || null,
    })
  }
  return { ok: true, credits, ignored }
}
