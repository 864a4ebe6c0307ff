import { describe, expect, it } from 'vitest'
import {
  canMove,
  creditApplicationStatus,
  customerMayEdit,
  KYC_APPLICATION_STATES,
  mayApplyAgain,
  userKycStatus,
} from './kyc-application.ts'
import { submissionProblems, type KycDraft } from './kyc-schemas.ts'
import { KYC_LIMITS, uploadProblem } from './kyc-documents.ts'

describe('the life of a credit application (docs/product/credit.md: KYC)', () => {
  it('lets the farmer submit and finance decide, and nobody else', () => {
    expect(canMove('draft', 'submitted', 'customer')).toBe(true)
    expect(canMove('draft', 'submitted', 'finance')).toBe(false)
    for (const to of ['approved', 'rejected', 'insufficient_documents'] as const) {
      expect(canMove('submitted', to, 'finance')).toBe(true)
      expect(canMove('submitted', to, 'customer')).toBe(false)
      expect(canMove('draft', to, 'finance')).toBe(false)
    }
    expect(canMove('insufficient_documents', 'submitted', 'customer')).toBe(true)
    // Final states go nowhere: a rejected farmer starts a new application, an approved one renews.
    for (const to of KYC_APPLICATION_STATES) {
      expect(canMove('approved', to, 'finance')).toBe(false)
      expect(canMove('rejected', to, 'customer')).toBe(false)
    }
  })

  it('lets the farmer edit only a draft or an application sent back for documents', () => {
    expect(KYC_APPLICATION_STATES.filter(customerMayEdit)).toEqual([
      'draft',
      'insufficient_documents',
    ])
  })

  it('lets a rejected farmer apply again from the date finance set, not a moment before', () => {
    const at = new Date('2026-12-01T00:00:00Z')
    expect(mayApplyAgain(at, new Date('2026-11-30T23:59:59.999Z'))).toBe(false)
    expect(mayApplyAgain(at, at)).toBe(true)
    expect(mayApplyAgain(null, at)).toBe(true)
  })

  it('gives the profile its KYC status and the dashboard its words', () => {
    expect(userKycStatus('approved')).toBe('APPROVED')
    expect(userKycStatus('rejected')).toBe('REJECTED')
    expect(userKycStatus('submitted')).toBe('INCOMPLETE')
    expect(userKycStatus('draft')).toBeNull()
    const now = new Date('2026-11-25T00:00:00Z')
    const line = (state: 'active' | 'suspended', expiresAt = '2027-06-01') => ({
      state,
      expiresAt: new Date(expiresAt),
    })
    expect(creditApplicationStatus(null, null, now)).toBe('none')
    expect(creditApplicationStatus('draft', null, now)).toBe('none')
    expect(creditApplicationStatus('submitted', null, now)).toBe('in_review')
    expect(creditApplicationStatus('insufficient_documents', null, now)).toBe(
      'insufficient_documents',
    )
    expect(creditApplicationStatus('rejected', null, now)).toBe('rejected')
    expect(creditApplicationStatus('approved', line('active'), now)).toBe('completed')
    expect(creditApplicationStatus('approved', line('suspended'), now)).toBe('incomplete_contract')
    expect(creditApplicationStatus('approved', line('active', '2026-11-24'), now)).toBe(
      'incomplete_contract',
    )
    // A line without an application here: the line says where the farmer stands.
    expect(creditApplicationStatus(null, line('active'), now)).toBe('completed')
    expect(creditApplicationStatus('draft', line('active'), now)).toBe('completed')
    expect(creditApplicationStatus(null, line('suspended'), now)).toBe('incomplete_contract')
  })
})

describe('what a submission needs', () => {
  const complete: KycDraft = {
    full_name: 'Ahmad bin Ismail',
    id_number: '750312-02-5331',
    planting_date: '2026-09-01',
    harvest_date: '2027-01-15',
    owns_mist_drone: false,
    visited_centre: true,
    hectares: 3,
    consents: { terms: true, data_processing: true, credit_check: true },
  }
  const papers = ['id_front', 'id_back', 'selfie', 'land_document'] as const

  it('is ready with every answer, the card, a selfie and one of the farm’s papers', () => {
    expect(submissionProblems(complete, 'MY', papers)).toEqual([])
  })

  it('names each missing or wrong answer', () => {
    const fields = (draft: KycDraft, market: 'MY' | 'TH' = 'MY', docs = papers) =>
      submissionProblems(draft, market, docs).map((p) => `${p.field}:${p.message}`)
    expect(fields({})).toEqual(
      expect.arrayContaining([
        'full_name:kyc.errors.required',
        'consents:kyc.errors.consentsRequired',
      ]),
    )
    expect(fields({ ...complete, id_number: '123456-78-9000' })).toEqual([
      'id_number:kyc.errors.idNumber.date',
    ])
    // A Malaysian number is not a Thai one, and the other way round.
    expect(fields(complete, 'TH')).toEqual(['id_number:kyc.errors.idNumber.format'])
    expect(fields({ ...complete, id_number: '3-1006-00445-63-5' }, 'TH')).toEqual([])
    expect(fields({ ...complete, harvest_date: '2026-09-01' })).toEqual([
      'harvest_date:kyc.errors.harvestAfterPlanting',
    ])
    expect(fields({ ...complete, consents: { terms: true, data_processing: true } })).toEqual([
      'consents:kyc.errors.consentsRequired',
    ])
    expect(fields(complete, 'MY', ['id_front', 'id_back', 'selfie'] as never)).toEqual([
      'documents:kyc.errors.noDocuments',
    ])
    expect(fields(complete, 'MY', ['id_front', 'land_document'] as never)).toEqual([
      'documents.id_back:kyc.errors.documentRequired',
      'documents.selfie:kyc.errors.documentRequired',
    ])
  })
})

describe('upload limits (docs/product/credit.md: KYC documents)', () => {
  const MB = 1024 * 1024
  it('refuses an empty file, one byte over a limit, and one file too many', () => {
    expect(uploadProblem([], { bytes: 0 })).toBe('kyc.upload.empty')
    expect(uploadProblem([], { bytes: KYC_LIMITS.maxFileBytes })).toBeNull()
    expect(uploadProblem([], { bytes: KYC_LIMITS.maxFileBytes + 1 })).toBe(
      'kyc.upload.fileTooLarge',
    )
    const eleven = Array.from({ length: KYC_LIMITS.maxFiles - 1 }, () => ({ bytes: MB }))
    expect(uploadProblem(eleven, { bytes: MB })).toBeNull()
    expect(uploadProblem([...eleven, { bytes: MB }], { bytes: MB })).toBe('kyc.upload.tooMany')
    const nearlyFull = [{ bytes: KYC_LIMITS.maxTotalBytes - MB }]
    expect(uploadProblem(nearlyFull, { bytes: MB })).toBeNull()
    expect(uploadProblem(nearlyFull, { bytes: MB + 1 })).toBe('kyc.upload.totalTooLarge')
  })
})
