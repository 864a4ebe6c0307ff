import { describe, expect, it } from 'vitest'
import type { StatementCsvMapping } from '@padi/domain/repayments/statement-schemas'
import { MAYBANK_CSV_MAPPING } from '../../../test/camt053-fixture.ts'
import { csvDay, parseStatementCsv } from './csv-statement.ts'

// A Malaysian bank's export as it comes: its own column names, day first, a credit and a debit
// column, thousands written with commas, a byte-order mark.
const MAYBANK: StatementCsvMapping = MAYBANK_CSV_MAPPING
const CSV = `\ufeffPosting Date,Reference No,Description,Sender,Debit,Credit
30/11/2026,MBB001,"DUITNOW QR KQ47XM2PQ",AHMAD BIN ALI,,"1,250.50"
30/11/2026,MBB002,BANK CHARGES,,2.00,
01/12/2026,MBB003,CASH DEPOSIT,, ,0.00
`

describe('a bank’s CSV statement (docs/product/repayments.md, Statements as CSV)', () => {
  it('reads each credit through the bank’s mapping; money out and empty credits are left out', async () => {
    expect(await parseStatementCsv(CSV, MAYBANK)).toEqual({
      ok: true,
      ignored: 2,
      credits: [
        {
          bankTransactionId: 'MBB001',
          bookedOn: '2026-11-30',
          amountMinor: 125_050,
          currency: 'MYR',
          details: 'DUITNOW QR KQ47XM2PQ',
          payerName: 'AHMAD BIN ALI',
        },
      ],
    })
  })

  it('refuses a file that does not fit its mapping, whole, saying where', async () => {
    const problem = async (text: string, mapping = MAYBANK) => {
      const parsed = await parseStatementCsv(text, mapping)
      return parsed.ok ? null : parsed.problem
    }
    expect(await problem(CSV, { ...MAYBANK, amount_column: 'Amount' })).toBe(
      'no column "Amount" in the file',
    )
    expect(await problem(CSV.replace('"1,250.50"', '12.505'))).toBe(
      'row 2: the amount is not a positive amount with at most two decimals',
    )
    expect(await problem(CSV.replace('30/11/2026,MBB001', '31/11/2026,MBB001'))).toBe(
      'row 2: the date is not DD/MM/YYYY',
    )
    expect(await problem(CSV.replace(',MBB001,', ',,'))).toBe('row 2: no transaction id')
    expect(await problem('a,"b\n')).toBe('not a CSV file')
    expect(await problem(CSV.replace('MBB001', 'MBB\u0000001'))).toBe(
      'characters a CSV does not hold',
    )
  })

  it('reads days in the three ways banks write them, and only real days', () => {
    expect(csvDay('2026-11-30', 'YYYY-MM-DD')).toBe('2026-11-30')
    expect(csvDay('2026-11-30 14:05', 'YYYY-MM-DD')).toBe('2026-11-30')
    expect(csvDay('30/11/2026', 'DD/MM/YYYY')).toBe('2026-11-30')
    expect(csvDay('30-11-2026', 'DD-MM-YYYY')).toBe('2026-11-30')
    for (const [text, format] of [
      ['2026-02-30', 'YYYY-MM-DD'],
      ['11/30/2026', 'DD/MM/YYYY'],
      ['30/11/2026', 'DD-MM-YYYY'],
      ['', 'YYYY-MM-DD'],
    ] as const)
      expect(csvDay(text, format)).toBeNull()
  })
})
