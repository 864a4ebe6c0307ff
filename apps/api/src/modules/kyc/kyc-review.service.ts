import type { Db } from '@padi/db/client'
import { approvedLimitMinor } from '@padi/domain/credit/credit-limit'
import { DomainError } from '@padi/domain/errors'
import { canMove, userKycStatus, type KycApplicationState } from '@padi/domain/kyc/kyc-application'
import type {
  ApproveKyc,
  KycDocumentReviewInput,
  RejectKyc,
  RequestDocuments,
} from '@padi/domain/kyc/kyc-schemas'
import { kindsToResend } from '@padi/domain/kyc/kyc-document-review'
import type { KycDocumentKind } from '@padi/domain/kyc/kyc-documents'
import type { Notice, NoticeParams } from '@padi/domain/notices/notice-sms-text'
import { formatMoney } from '@padi/domain/money'
import { MARKET, MARKET_CURRENCY, type Market } from '@padi/domain/markets'
import { formatDate, startOfMarketDay } from '@padi/domain/dates'
import type { Clock } from '../../clock.ts'
import type { OtpService, PendingSms } from '../auth/otp.service.ts'
import { recordDecision, recordFileRead } from '../audit/record-decision.service.ts'
import type { FileStore } from '../files/encrypted-file-store.ts'
import {
  createKycRepository,
  type ApplicationRow,
  type DocumentRow,
  type KycRepository,
} from './kyc.repository.ts'
import { documentOf } from './kyc.service.ts'

/** A document's judgement as the audit log keeps it: which file, and finance's word on it. */
function documentSnapshot(row: DocumentRow) {
  return {
    document_id: row.id,
    kind: row.kind,
    file_name: row.fileName,
    review: row.review ?? null,
    reason: row.reviewReason ?? null,
  }
}

/** A day (YYYY-MM-DD) at midnight in the farmer's country, as a moment. */
function dayIn(market: Market, day: string): Date {
  return startOfMarketDay(day, market)
}

function snapshot(row: ApplicationRow) {
  return {
    state: row.state,
    verified_hectares: row.verifiedHectares,
    requested_documents: row.requestedDocuments,
    decision_reason: row.decisionReason,
    can_resubmit_at: row.canResubmitAt?.toISOString() ?? null,
  }
}

/**
 * docs/product/credit.md (KYC review): finance's side. The queue oldest first, an application
 * with its documents and the applicant's history, and the three decisions, each one transaction
 * under the application's lock with its entry in the audit log.
 */
export function createKycReviewService(deps: {
  db: Db
  clock: Clock
  files: FileStore
  /** Credit per verified hectare, in minor units, per market. */
  ratePerHectareMinor: Record<Market, number>
  /** Where decisions are sent to the farmer (absent in tests that do not look at SMS). */
  sms?: Pick<OtpService, 'notice' | 'dispatch'>
}) {
  const { db, clock, files, ratePerHectareMinor } = deps
  const repo = createKycRepository(db)

  /** docs/product/credit.md: the limit the verified hectares give, within the advertised ceiling. */
  function limitFor(market: Market, hectares: number): number {
    return approvedLimitMinor(market, hectares, ratePerHectareMinor[market])
  }

  async function decide(
    actorUserId: number,
    id: number,
    to: KycApplicationState,
    action: string,
    write: (txRepo: KycRepository, row: ApplicationRow) => Promise<Partial<ApplicationRow>>,
    tell: (row: ApplicationRow) => { notice: Notice; params: NoticeParams },
  ) {
    let pending: PendingSms | null = null
    const result = await db.transaction(async (tx) => {
      const txRepo = createKycRepository(tx)
      const row = await txRepo.lockApplication(id)
      if (!row) throw new DomainError('NOT_FOUND', 'Application not found')
      if (!canMove(row.state, to, 'finance'))
        throw new DomainError('KYC_NOT_EDITABLE', 'The application is not waiting for a decision')
      const now = clock.now()
      const changes = await write(txRepo, row)
      const after = await txRepo.updateApplication(id, {
        ...changes,
        state: to,
        decidedAt: now,
        decidedBy: actorUserId,
        updatedAt: now,
      })
      await txRepo.setUserKyc(row.userId, {
        kycStatus: userKycStatus(to),
        canResubmitAt: to === 'rejected' ? (after.canResubmitAt ?? null) : null,
      })
      // docs/product/credit.md (KYC review): the audit log, and the farmer told by SMS in the
      // language they applied in.
      pending = await recordDecision(
        tx,
        {
          actorUserId,
          action,
          subjectType: 'kyc_application',
          subjectId: id,
          before: snapshot(row),
          after: snapshot(after),
          at: now,
          farmer: { userId: row.userId, locale: row.locale },
          ...tell(after),
        },
        deps.sms,
      )
      return { id, state: to }
    })
    deps.sms?.dispatch(pending)
    return result
  }

  /** A day as the farmer reads it in an SMS: DD-MM-YYYY in their market (docs/product/dates-and-times.md). */
  function dayText(row: ApplicationRow, at: Date): string {
    return formatDate(at, MARKET[row.market].timeZone)
  }

  return {
    limitFor,

    /** Submitted applications, oldest first, and how many there are in each state. */
    async queue() {
      const rows = await repo.submittedQueue(200)
      const counts = await repo.countsByState()
      return {
        data: rows.map((r) => ({
          id: r.id,
          user_id: r.userId,
          market: r.market,
          full_name: r.details.full_name ?? null,
          hectares: r.details.hectares ?? null,
          submitted_at: r.submittedAt?.toISOString() ?? null,
        })),
        counts: Object.fromEntries(counts.map((c) => [c.state, c.n])),
      }
    },

    /** One application with its documents, and the applicant's earlier ones. */
    async detail(id: number) {
      const row = await repo.application(id)
      if (!row) throw new DomainError('NOT_FOUND', 'Application not found')
      const applicant = await repo.applicant(row.userId)
      const docs = await repo.documentsOf(id)
      const history = await repo.applicationsOf(row.userId)
      return {
        id: row.id,
        user_id: row.userId,
        market: row.market,
        state: row.state,
        applicant: {
          full_name: applicant?.fullName ?? '',
          mobile: applicant?.mobile ?? '',
          joined_at: applicant?.createdAt.toISOString() ?? '',
        },
        details: row.details,
        submitted_at: row.submittedAt?.toISOString() ?? null,
        requested_documents: row.requestedDocuments,
        decision_reason: row.decisionReason,
        documents: docs.map(documentOf),
        history: history
          .filter((h) => h.id !== row.id)
          .map((h) => ({
            id: h.id,
            state: h.state,
            submitted_at: h.submittedAt?.toISOString() ?? null,
            decided_at: h.decidedAt?.toISOString() ?? null,
            decision_reason: h.decisionReason,
          })),
      }
    },

    async document(applicationId: number, documentId: number, readerId: number) {
      const doc = await repo.documentOfApplication(applicationId, documentId)
      if (!doc) throw new DomainError('NOT_FOUND', 'Document not found')
      const bytes = await files.get(doc.storageKey)
      if (!bytes) throw new DomainError('NOT_FOUND', 'Document not found')
      await recordFileRead(db, {
        actorUserId: readerId,
        subjectType: 'kyc_application',
        subjectId: applicationId,
        file: { id: doc.id, name: doc.fileName },
        at: clock.now(),
      })
      return { bytes, contentType: doc.contentType, fileName: doc.fileName }
    },

    /**
     * Approves with the verified hectares: the farmer's credit line is opened at the limit they
     * give (docs/product/credit.md), repayable at the harvest date.
     */
    approve(actorUserId: number, id: number, input: ApproveKyc) {
      return decide(
        actorUserId,
        id,
        'approved',
        'kyc.approve',
        async (txRepo, row) => {
          const existing = await txRepo.anyCreditLine(row.userId)
          // A second line is a renewal, which has its own process.
          if (existing) throw new DomainError('CONFLICT', 'This customer already has a credit line')
          // A document finance marked to be sent again is not approved with the rest.
          const toResend = await txRepo.documentToResend(id)
          if (toResend)
            throw new DomainError(
              'KYC_DOCUMENT_TO_RESEND',
              'A document is marked to be sent again: send the application back for it, or accept it',
            )
          await txRepo.openCreditLine({
            userId: row.userId,
            currency: MARKET_CURRENCY[row.market],
            approvedMinor: limitFor(row.market, input.verified_hectares),
            dueAt: dayIn(row.market, input.due_on),
            plantingOn: row.details.planting_date ?? null,
            harvestOn: input.due_on,
            expiresAt: dayIn(row.market, input.contract_ends_on),
            createdAt: clock.now(),
          })
          return { verifiedHectares: String(input.verified_hectares) }
        },
        (row) => ({
          notice: 'kyc_approved',
          params: {
            amount: formatMoney(
              limitFor(row.market, input.verified_hectares),
              MARKET_CURRENCY[row.market],
            ),
          },
        }),
      )
    },

    /**
     * docs/product/credit.md (KYC review): finance's word on one document of an application
     * waiting for a decision: accepted, or to be sent again with the reason the farmer reads
     * once the application is sent back. One transaction under the application's lock (no
     * decision on the whole can pass it), with its audit entry.
     */
    async reviewDocument(
      actorUserId: number,
      id: number,
      documentId: number,
      input: KycDocumentReviewInput,
    ) {
      return db.transaction(async (tx) => {
        const txRepo = createKycRepository(tx)
        const row = await txRepo.lockApplicationState(id)
        if (!row) throw new DomainError('NOT_FOUND', 'Application not found')
        if (row.state !== 'submitted')
          throw new DomainError('KYC_NOT_EDITABLE', 'The application is not waiting for a decision')
        const doc = await txRepo.documentOfApplication(id, documentId)
        if (!doc) throw new DomainError('NOT_FOUND', 'Document not found')
        const now = clock.now()
        const after = await txRepo.reviewDocument(documentId, {
          review: input.review,
          reviewReason: input.review === 'resend' ? (input.reason ?? null) : null,
          reviewedAt: now,
          reviewedBy: actorUserId,
        })
        await txRepo.insertAuditEntry({
          actorUserId,
          action: 'kyc.document_review',
          subjectType: 'kyc_application',
          subjectId: id,
          before: documentSnapshot(doc),
          after: documentSnapshot(after),
          createdAt: now,
        })
        return documentOf(after)
      })
    },

    reject(actorUserId: number, id: number, input: RejectKyc) {
      return decide(
        actorUserId,
        id,
        'rejected',
        'kyc.reject',
        async (_tx, row) => ({
          decisionReason: input.reason,
          canResubmitAt: dayIn(row.market, input.can_resubmit_on),
        }),
        (row) => ({
          notice: 'kyc_rejected',
          params: { date: dayText(row, row.canResubmitAt ?? clock.now()) },
        }),
      )
    },

    requestDocuments(actorUserId: number, id: number, input: RequestDocuments) {
      return decide(
        actorUserId,
        id,
        'insufficient_documents',
        'kyc.request_documents',
        async (txRepo) => {
          // The documents named, and those marked to be sent again (docs/product/credit.md).
          const docs = await txRepo.documentReviews(id)
          const kinds = [...new Set([...input.documents, ...kindsToResend(docs)])]
          if (kinds.length === 0)
            throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
              extra: { errors: [{ field: 'documents', message: 'validation.required' }] },
            })
          return {
            requestedDocuments: kinds as KycDocumentKind[],
            decisionReason: input.note ?? null,
          }
        },
        () => ({ notice: 'kyc_documents', params: {} }),
      )
    },
  }
}
export type KycReviewService = ReturnType<typeof createKycReviewService>
