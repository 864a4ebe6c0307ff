import { describe, expect, it } from 'vitest'
import { RENEWAL_STATES, renewalProblems } from './renewal-rules.ts'

// docs/product/credit.md (Renewal): "It needs a harvest date after the planting date, a signature
// and agreement to the terms, and takes effect when finance approves it."

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo='
const form = {
  plantingOn: '2027-05-01',
  harvestOn: '2027-09-15',
  signature: SIGNATURE,
  agreed: true,
}

describe('the renewal form (docs/product/credit.md: Renewal)', () => {
  it('takes a harvest after the planting, a signature and the terms agreed', () => {
    expect(renewalProblems(form)).toEqual({})
  })

  it('needs both dates, each a day (YYYY-MM-DD)', () => {
    expect(renewalProblems({ ...form, plantingOn: '', harvestOn: '' })).toEqual({
      planting_on: 'renewal.errors.required',
      harvest_on: 'renewal.errors.required',
    })
    expect(renewalProblems({ ...form, plantingOn: '01-05-2027', harvestOn: '2027-9-15' })).toEqual({
      planting_on: 'renewal.errors.date',
      harvest_on: 'renewal.errors.date',
    })
  })

  it('refuses a harvest on or before the planting date', () => {
    expect(renewalProblems({ ...form, harvestOn: form.plantingOn })).toEqual({
      harvest_on: 'renewal.errors.harvestAfterPlanting',
    })
    expect(renewalProblems({ ...form, harvestOn: '2027-04-30' })).toEqual({
      harvest_on: 'renewal.errors.harvestAfterPlanting',
    })
    expect(renewalProblems({ ...form, harvestOn: '2027-05-02' })).toEqual({})
  })

  it('does not judge the order of the dates while the planting date is not a day', () => {
    // One message a field: the planting date is what to put right first.
    expect(renewalProblems({ ...form, plantingOn: 'soon', harvestOn: '2020-01-01' })).toEqual({
      planting_on: 'renewal.errors.date',
    })
  })

  it('needs a drawn signature (an image from the pad) and the terms agreed', () => {
    expect(renewalProblems({ ...form, signature: '' })).toEqual({
      signature: 'renewal.errors.signature',
    })
    expect(renewalProblems({ ...form, signature: 'data:image/svg+xml;base64,PHN2Zz4=' })).toEqual({
      signature: 'renewal.errors.signature',
    })
    expect(renewalProblems({ ...form, agreed: false })).toEqual({ agree: 'renewal.errors.agree' })
  })

  it('names every field at fault at once', () => {
    expect(
      Object.keys(renewalProblems({ plantingOn: '', harvestOn: '', signature: '', agreed: false })),
    ).toEqual(['planting_on', 'harvest_on', 'signature', 'agree'])
  })

  it('waits for finance, then is approved or rejected', () => {
    expect(RENEWAL_STATES).toEqual(['pending', 'approved', 'rejected'])
  })
})
