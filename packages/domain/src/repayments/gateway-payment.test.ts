import { describe, expect, it } from 'vitest'
import { gatewayReferences } from './gateway-payment.ts'
import { referenceFromBytes } from './repayment-reference.ts'

const ours = referenceFromBytes(new Uint8Array([1, 2, 3, 4, 5]))
const other = referenceFromBytes(new Uint8Array([9, 8, 7, 6, 5]))

describe('the references a gateway payment names (docs/product/repayments.md)', () => {
  it('takes the one the charge carried, in its one spelling, over any in its text', () => {
    expect(gatewayReferences({ reference: ours.toLowerCase(), details: other })).toEqual([ours])
  })

  it('reads the text when the charge carried none, or one that is not ours', () => {
    expect(gatewayReferences({ reference: null, details: `DUITNOW ${other}` })).toEqual([other])
    expect(gatewayReferences({ reference: 'ORDER-17', details: `ref ${ours}` })).toEqual([ours])
    expect(gatewayReferences({ reference: null, details: 'CASH' })).toEqual([])
  })
})
