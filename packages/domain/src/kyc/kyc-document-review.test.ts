import { describe, expect, it } from 'vitest'
import { KYC_DOCUMENT_REVIEWS, kindsToResend, RESEND_REASON_MAX } from './kyc-document-review.ts'

// docs/product/credit.md (KYC review): finance marks each document accepted or to be sent again,
// with a reason of at most 500 characters; sending the application back asks for every document
// marked to be sent again.

describe('judging a KYC document (docs/product/credit.md: KYC review)', () => {
  it('is accepted or to be sent again, with a reason of at most 500 characters', () => {
    expect(KYC_DOCUMENT_REVIEWS).toEqual(['accepted', 'resend'])
    expect(RESEND_REASON_MAX).toBe(500)
  })

  it('asks again for the kinds marked to be sent again, not the accepted or unmarked ones', () => {
    expect(
      kindsToResend([
        { kind: 'id_front', review: 'accepted' },
        { kind: 'id_back', review: 'resend' },
        { kind: 'selfie', review: null },
        { kind: 'bank_statement', review: 'resend' },
      ]),
    ).toEqual(['id_back', 'bank_statement'])
  })

  it('names a kind once, however many of its files are marked', () => {
    expect(
      kindsToResend([
        { kind: 'land_document', review: 'resend' },
        { kind: 'land_document', review: 'resend' },
        { kind: 'land_document', review: 'accepted' },
      ]),
    ).toEqual(['land_document'])
  })

  it('asks for nothing when nothing is marked to be sent again', () => {
    expect(kindsToResend([])).toEqual([])
    expect(kindsToResend([{ kind: 'selfie', review: 'accepted' }])).toEqual([])
  })
})
