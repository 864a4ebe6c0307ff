import { describe, expect, it } from 'vitest'
import {
  matchCredit,
  referencesIn,
  sameMoney,
  suggestFarmer,
  type MatchCandidate,
  type StatementCredit,
} from './statement-matching.ts'
import { referenceFromBytes } from './repayment-reference.ts'

const REF = referenceFromBytes(new Uint8Array([1, 2, 3, 4, 5]))
const OTHER = referenceFromBytes(new Uint8Array([9, 8, 7, 6, 5]))
const credit = (over: Partial<StatementCredit> = {}): StatementCredit => ({
  bankTransactionId: 'FT1',
  bookedOn: '2026-11-30',
  amountMinor: 15_050,
  currency: 'MYR',
  details: `DUITNOW ${REF}`,
  payerName: 'AHMAD BIN ALI',
  ...over,
})
const open: MatchCandidate = { id: 7, amountMinor: 15_050, currency: 'MYR', paid: false }

describe('matching the statement (docs/product/repayments.md, Matching the statement)', () => {
  it('finds our references in a bank’s text, however it writes them', () => {
    expect(referencesIn(`DUITNOW QR ${REF} AHMAD`)).toEqual([REF])
    expect(referencesIn(`ref:${REF.toLowerCase()}/x`)).toEqual([REF])
    // Inside a longer word: found, beside stretches that read as references by chance, which
    // name nothing unless we gave them (the import looks each one up).
    expect(referencesIn(`PAYMENT${REF}MY`)).toContain(REF)
    expect(referencesIn(`${REF} ${OTHER}`).sort()).toEqual([REF, OTHER].sort())
    expect(referencesIn('TRANSFER FROM AHMAD 123456789')).not.toContain('123456789')
    expect(referencesIn('')).toEqual([])
  })

  it('applies only the exact match: our reference, the amount, the currency, unpaid', () => {
    expect(matchCredit(credit(), [open], 1)).toEqual({ kind: 'match', candidate: open })
  })

  it('sends everything else to review with the reason', () => {
    const review = (c: StatementCredit, candidates: MatchCandidate[], found: number) => {
      const d = matchCredit(c, candidates, found)
      return d.kind === 'review' ? d.reason : 'matched'
    }
    expect(review(credit({ details: 'CASH' }), [], 0)).toBe('no_reference')
    expect(review(credit(), [], 1)).toBe('unknown_reference')
    expect(review(credit(), [open, { ...open, id: 8 }], 2)).toBe('several_references')
    expect(review(credit({ amountMinor: 15_000 }), [open], 1)).toBe('amount_differs')
    expect(review(credit({ currency: 'THB' }), [open], 1)).toBe('currency_differs')
    expect(review(credit(), [{ ...open, paid: true }], 1)).toBe('already_paid')
  })
})

describe('the farmer a credit in review most likely came from (The review list)', () => {
  const at = (day: string) => new Date(`${day}T03:00:00Z`)
  const ahmad = {
    qrRepaymentId: 1,
    userId: 10,
    name: 'Ahmad bin Ali',
    amountMinor: 15_050,
    createdAt: at('2026-11-29'),
  }
  const siti = {
    qrRepaymentId: 2,
    userId: 20,
    name: 'Siti Aminah binti Yusof',
    amountMinor: 20_000,
    createdAt: at('2026-11-28'),
  }
  const credit = { amountMinor: 15_050, payerName: 'AHMAD B ALI', bookedOn: '2026-11-30' }

  it('the same amount first, then the words of the name, then the nearest day', () => {
    expect(suggestFarmer(credit, [siti, ahmad])).toBe(ahmad)
    expect(
      suggestFarmer({ ...credit, amountMinor: 20_000, payerName: 'AHMAD ALI' }, [siti, ahmad]),
    ).toBe(siti)
    expect(
      suggestFarmer({ ...credit, amountMinor: 1, payerName: 'SITI AMINAH' }, [siti, ahmad]),
    ).toBe(siti)
    const older = { ...ahmad, qrRepaymentId: 3, createdAt: at('2026-11-01') }
    expect(suggestFarmer(credit, [older, ahmad])).toBe(ahmad)
  })

  it('suggests no one it cannot tie to the credit: other amounts, other names, codes asked after', () => {
    expect(
      suggestFarmer({ ...credit, amountMinor: 1, payerName: 'KEDAI RUNCIT' }, [siti, ahmad]),
    ).toBeNull()
    expect(suggestFarmer({ ...credit, payerName: null, amountMinor: 2 }, [ahmad])).toBeNull()
    expect(suggestFarmer({ ...credit, bookedOn: '2026-11-28' }, [ahmad])).toBeNull()
    // "bin" and "binti" are in most Malay names: they tie no one to anyone.
    expect(
      suggestFarmer({ ...credit, amountMinor: 1, payerName: 'RAZAK BIN OMAR' }, [ahmad]),
    ).toBeNull()
  })
})

describe('a receipt and a statement credit for the same money (Receipts and the statement)', () => {
  const credit = {
    amountMinor: 15_050,
    bookedOn: '2026-11-30',
    bankTransactionId: 'FT26334X0042',
    qrReference: REF,
  }
  const receipt = (reference: string, over = {}) => ({
    amountMinor: 15_050,
    paidOn: '2026-11-30',
    reference,
    ...over,
  })

  it('the same when the receipt names the bank’s id or our reference, however written', () => {
    expect(sameMoney(receipt('ft26334x0042'), credit)).toBe('same')
    expect(sameMoney(receipt(`Ref: ${REF.slice(0, 4)}-${REF.slice(4)}`), credit)).toBe('same')
  })

  it('maybe when only the amount and the days agree; never for another amount', () => {
    expect(sameMoney(receipt('CDM 1234'), credit)).toBe('maybe')
    expect(sameMoney(receipt('CDM 1234', { paidOn: '2026-11-27' }), credit)).toBe('maybe')
    expect(sameMoney(receipt('CDM 1234', { paidOn: '2026-11-20' }), credit)).toBeNull()
    expect(sameMoney(receipt('FT26334X0042', { amountMinor: 15_000 }), credit)).toBeNull()
    // A short id names nothing: "FT1" is in many references.
    expect(
      sameMoney(receipt('FT1 paid', { paidOn: '2026-11-01' }), {
        ...credit,
        bankTransactionId: 'FT1',
        qrReference: null,
      }),
    ).toBeNull()
  })
})
