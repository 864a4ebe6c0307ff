import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { billPayment } from 'promptparse/generate'
import { parse } from 'promptparse'
import {
  collectingAccountProblem,
  paymentQrPayload,
  qrAmount,
  type CollectingAccount,
} from './payment-qr.ts'
import { readReference, referenceFromBytes } from './repayment-reference.ts'

// The payloads are read back with promptparse, a parser of EMVCo and PromptPay QR codes written
// by others, in strict mode (it refuses a payload whose CRC does not match).

const DUITNOW: CollectingAccount = {
  scheme: 'duitnow',
  acquirerId: '890061',
  merchantId: 'SAWAHMART0001',
  categoryCode: '6012',
  name: 'SawahMart Sdn Bhd',
  city: 'Alor Setar',
}
const PROMPTPAY: CollectingAccount = {
  scheme: 'promptpay',
  billerId: '010556012345601',
  name: 'SawahMart (Thailand)',
  city: 'Suphan Buri',
}

function read(payload: string) {
  const qr = parse(payload, true, true)
  if (!qr) throw new Error(`promptparse refused ${payload}`)
  return qr
}

describe('a repayment QR (docs/product/repayments.md, Paying by QR)', () => {
  it('DuitNow: every field where PayNet puts it, the CRC right', () => {
    const payload = paymentQrPayload({
      account: DUITNOW,
      amountMinor: 125_050,
      reference: 'KQ47XM2PQ',
    })
    const qr = read(payload)
    expect(qr.validate('63')).toBe(true)
    expect(qr.getTagValue('00')).toBe('01')
    expect(qr.getTagValue('01')).toBe('12')
    expect(qr.getTagValue('26', '00')).toBe('A000000615000101')
    expect(qr.getTagValue('26', '01')).toBe('890061')
    expect(qr.getTagValue('26', '02')).toBe('SAWAHMART0001')
    expect(qr.getTagValue('52')).toBe('6012')
    expect(qr.getTagValue('53')).toBe('458')
    expect(qr.getTagValue('54')).toBe('1250.50')
    expect(qr.getTagValue('58')).toBe('MY')
    expect(qr.getTagValue('59')).toBe('SawahMart Sdn Bhd')
    expect(qr.getTagValue('60')).toBe('Alor Setar')
    expect(qr.getTagValue('62', '01')).toBe('KQ47XM2PQ')
    expect(qr.getTags().map((t) => t.id)).toEqual([
      '00',
      '01',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ])
  })

  it('PromptPay: a bill payment with the reference as reference 1, as promptparse itself writes one', () => {
    const payload = paymentQrPayload({
      account: PROMPTPAY,
      amountMinor: 3_500_000,
      reference: 'KQ47XM2PQ',
    })
    const qr = read(payload)
    expect(qr.validate('63')).toBe(true)
    expect(qr.getTagValue('01')).toBe('12')
    expect(qr.getTagValue('30', '00')).toBe('A000000677010112')
    expect(qr.getTagValue('30', '01')).toBe('010556012345601')
    expect(qr.getTagValue('30', '02')).toBe('KQ47XM2PQ')
    expect(qr.getTagValue('53')).toBe('764')
    expect(qr.getTagValue('54')).toBe('35000.00')
    expect(qr.getTagValue('58')).toBe('TH')
    expect(qr.getTagValue('62', '01')).toBe('KQ47XM2PQ')
    // The account, amount and reference fields are the ones promptparse's own bill payment has.
    const theirs = read(
      billPayment({ billerId: '010556012345601', amount: 35000, ref1: 'KQ47XM2PQ' }),
    )
    for (const [id, sub] of [
      ['30', undefined],
      ['53', undefined],
      ['54', undefined],
      ['58', undefined],
    ] as const)
      expect(qr.getTagValue(id, sub)).toBe(theirs.getTagValue(id, sub))
  })

  it('any amount and reference give a payload that parses with its CRC, and carries them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.uint8Array({ minLength: 5, maxLength: 5 }),
        fc.constantFrom(DUITNOW, PROMPTPAY),
        (amountMinor, bytes, account) => {
          const reference = referenceFromBytes(bytes)
          const qr = read(paymentQrPayload({ account, amountMinor, reference }))
          expect(Number(qr.getTagValue('54')) * 100).toBeCloseTo(amountMinor, 0)
          expect(qr.getTagValue('62', '01')).toBe(reference)
        },
      ),
    )
  })

  it('writes amounts as the schemes do, and refuses what no scheme carries', () => {
    expect(qrAmount(1)).toBe('0.01')
    expect(qrAmount(100)).toBe('1.00')
    expect(qrAmount(2 ** 31 - 1)).toBe('21474836.47')
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 53])
      expect(() => qrAmount(bad)).toThrow(RangeError)
    expect(() =>
      paymentQrPayload({ account: DUITNOW, amountMinor: 100, reference: 'ab\u0000' }),
    ).toThrow(RangeError)
  })

  it('names and cities become the plain letters every scanning app can show, within their limits', () => {
    const account = {
      ...DUITNOW,
      name: 'Kedai Padi Pak Žaké – Sungai Petani Utara',
      city: 'Pénang\u0000',
    }
    const qr = read(paymentQrPayload({ account, amountMinor: 100, reference: 'KQ47XM2PQ' }))
    expect(qr.getTagValue('59')).toBe('Kedai Padi Pak Zake  Sung')
    expect(qr.getTagValue('60')).toBe('Penang')
  })

  it('checks the configured account once, at start', () => {
    expect(collectingAccountProblem(DUITNOW)).toBeNull()
    expect(collectingAccountProblem(PROMPTPAY)).toBeNull()
    expect(collectingAccountProblem({ ...DUITNOW, acquirerId: '12345' })).toMatch(/acquirer/)
    expect(collectingAccountProblem({ ...DUITNOW, categoryCode: '60a2' })).toMatch(/category/)
    expect(collectingAccountProblem({ ...PROMPTPAY, billerId: '0105560123456' })).toMatch(/biller/)
    expect(collectingAccountProblem({ ...PROMPTPAY, name: 'ซาวาห์มาร์ท' })).toMatch(/name/)
  })
})

describe('a repayment reference (docs/product/repayments.md, The reference)', () => {
  it('is nine capitals and digits that read back as themselves', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 5, maxLength: 5 }), (bytes) => {
        const reference = referenceFromBytes(bytes)
        expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{9}$/)
        expect(readReference(reference)).toBe(reference)
        expect(
          readReference(` ${reference.slice(0, 4).toLowerCase()}-${reference.slice(4)} `),
        ).toBe(reference)
      }),
    )
  })

  it('reads O as 0 and I or L as 1, as people type them', () => {
    const reference = referenceFromBytes(new Uint8Array([0, 0, 0, 0, 0]))
    expect(reference.slice(0, 8)).toBe('00000000')
    expect(readReference(`OOOOOOOO${reference[8]}`)).toBe(reference)
  })

  it('one character typed wrong, or two neighbours swapped (but 0 and Z), names no repayment', () => {
    const symbols = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 5, maxLength: 5 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 31 }),
        (bytes, at, shift) => {
          const reference = referenceFromBytes(bytes)
          const wrong = symbols[(symbols.indexOf(reference[at]!) + shift) % 32]!
          expect(readReference(reference.slice(0, at) + wrong + reference.slice(at + 1))).toBeNull()
          const i = Math.min(at, 7)
          const swapped =
            reference.slice(0, i) + reference[i + 1] + reference[i] + reference.slice(i + 2)
          // Luhn's method misses one swap: 0 and Z (the first and last symbols), as 09 and 90 in
          // the decimal Luhn check.
          const pair = reference[i]! + reference[i + 1]!
          if (swapped !== reference && pair !== '0Z' && pair !== 'Z0')
            expect(readReference(swapped)).toBeNull()
        },
      ),
    )
  })

  it('is refused when it is not one: too short, too long, symbols we never use, NUL', () => {
    for (const bad of ['', 'KQ47XM2P', 'KQ47XM2PQA', 'KQ47XM2PU', 'KQ47XM2P\u0000', '๑๒๓๔๕๖๗๘๙'])
      expect(readReference(bad)).toBeNull()
    expect(() => referenceFromBytes(new Uint8Array(4))).toThrow(RangeError)
  })
})
