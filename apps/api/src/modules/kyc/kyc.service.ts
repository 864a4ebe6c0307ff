import { createHash } from 'node:crypto'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Db } from '@padi/db/client'
import { DomainError } from '@padi/domain/errors'
import { customerMayEdit, mayApplyAgain, userKycStatus } from '@padi/domain/kyc/kyc-application'
import {
  submissionProblems,
  type KycAnswer,
  type KycDocument,
  type KycDraft,
} from '@padi/domain/kyc/kyc-schemas'
import {
  KYC_FILE_TYPES,
  KYC_LIMITS,
  uploadProblem,
  type KycDocumentKind,
} from '@padi/domain/kyc/kyc-documents'
import type { Market } from '@padi/domain/markets'
import { kindsToResend } from '@padi/domain/kyc/kyc-document-review'
import type { Clock } from '../../clock.ts'
import type { FileStore } from '../files/encrypted-file-store.ts'
import type { VirusScanner } from '../files/virus-scan.ts'
import { cleanFileName } from '../files/file-name.ts'
import { inspectUpload } from '../files/inspect-upload.ts'
import { onceForKey } from '../../idempotency.ts'
import {
  createKycRepository,
  OPEN_STATES,
  type ApplicationRow,
  type DocumentRow,
  type KycRepository,
} from './kyc.repository.ts'

/** The name a farmer's file had, as the list shows it: no folders, no control characters. */
export function documentOf(row: DocumentRow): KycDocument {
  return {
    id: row.id,
    kind: row.kind,
    content_type: row.contentType,
    bytes: row.bytes,
    file_name: row.fileName,
    created_at: row.createdAt.toISOString(),
    review: row.review ?? null,
    review_reason: row.reviewReason ?? null,
  }
}

/**
 * The problems a submission of these documents still has: finance's 'send again' counts until a
 * new file of the kind takes the document's place (docs/product/credit.md, KYC review).
 */
function problemsOf(row: ApplicationRow, docs: readonly DocumentRow[]) {
  return submissionProblems(
    row.details,
    row.market,
    docs.filter((d) => d.review !== 'resend').map((d) => d.kind),
    kindsToResend(docs),
  )
}

const UPLOAD_ERRORS = {
  'kyc.upload.empty': ['UPLOAD_EMPTY', 'This file is empty'],
  'kyc.upload.invalidType': ['UPLOAD_INVALID_TYPE', 'Invalid file type: PDF, JPEG or PNG only'],
  'kyc.upload.fileTooLarge': ['UPLOAD_TOO_LARGE', 'File size limit exceeded'],
  'kyc.upload.tooMany': ['UPLOAD_LIMIT', 'Upload limit reached'],
  'kyc.upload.totalTooLarge': ['UPLOAD_LIMIT', 'Upload limit reached'],
  'kyc.upload.infected': ['UPLOAD_INFECTED', 'This file was refused by the virus check'],
} as const

function uploadError(problem: keyof typeof UPLOAD_ERRORS) {
  const [code, message] = UPLOAD_ERRORS[problem]
  return new DomainError(code, message, {
    extra: {
      message_key: problem,
      max_files: KYC_LIMITS.maxFiles,
      max_file_bytes: KYC_LIMITS.maxFileBytes,
      max_total_bytes: KYC_LIMITS.maxTotalBytes,
    },
  })
}

/**
 * docs/product/credit.md (KYC): the farmer's side of a credit application: the draft saved step
 * by step, its documents, and its submission. Every read and write is the logged-in farmer's own.
 */
export function createKycService(deps: {
  db: Db
  clock: Clock
  files: FileStore
  scanner: VirusScanner
}) {
  const { db, clock, files, scanner } = deps
  const repo = createKycRepository(db)

  /**
   * The farmer's open application, locked for this transaction; a new draft when there is none
   * and one may be started. Refuses when the latest was approved or rejected until a later date.
   */
  async function openForEdit(txRepo: KycRepository, userId: number): Promise<ApplicationRow> {
    // The farmer's row orders their KYC writes: two first saves at once make one draft.
    const user = await txRepo.lockFarmer(userId)
    if (!user) throw new DomainError('NOT_FOUND', 'User not found')
    const last = await txRepo.latestApplication(userId)
    if (last && OPEN_STATES.includes(last.state)) {
      if (!customerMayEdit(last.state))
        throw new DomainError('KYC_NOT_EDITABLE', 'The application is being reviewed')
      return last
    }
    if (last?.state === 'approved')
      throw new DomainError('KYC_ALREADY_APPROVED', 'KYC is already approved')
    if (last?.state === 'rejected' && !mayApplyAgain(last.canResubmitAt, clock.now()))
      throw new DomainError('KYC_RESUBMIT_LATER', 'Submit again later', {
        extra: { can_resubmit_at: last.canResubmitAt?.toISOString() ?? null },
      })
    return txRepo.startApplication({
      userId,
      market: user.market as Market,
      createdAt: clock.now(),
    })
  }

  async function answer(userId: number): Promise<KycAnswer> {
    const last = await repo.latestApplication(userId)
    const docs = last ? await repo.documentsOf(last.id) : []
    const now = clock.now()
    const mayApply =
      !last ||
      (last.state === 'rejected' && mayApplyAgain(last.canResubmitAt, now)) ||
      customerMayEdit(last.state)
    return {
      application: last
        ? {
            id: last.id,
            state: last.state,
            details: last.details,
            // Finance's judgements reach the farmer with the application sent back, not while
            // finance is still reading it (it may change its mind before deciding).
            documents: docs
              .map(documentOf)
              .map((d) =>
                last.state === 'submitted' ? { ...d, review: null, review_reason: null } : d,
              ),
            requested_documents: last.requestedDocuments ?? null,
            decision_reason: last.decisionReason,
            submitted_at: last.submittedAt?.toISOString() ?? null,
            problems: customerMayEdit(last.state) ? problemsOf(last, docs) : [],
          }
        : null,
      may_apply: mayApply,
      can_resubmit_at:
        last?.state === 'rejected' ? (last.canResubmitAt?.toISOString() ?? null) : null,
      limits: {
        max_files: KYC_LIMITS.maxFiles,
        max_file_bytes: KYC_LIMITS.maxFileBytes,
        max_total_bytes: KYC_LIMITS.maxTotalBytes,
        file_types: [...KYC_FILE_TYPES],
      },
    }
  }

  return {
    get: (userId: number) => answer(userId),

    /** Saves the answers given so far (a partial draft); the consents merge with those saved. */
    async saveDraft(userId: number, input: KycDraft): Promise<KycAnswer> {
      await db.transaction(async (tx) => {
        const txRepo = createKycRepository(tx)
        const row = await openForEdit(txRepo, userId)
        const details: KycDraft = {
          ...row.details,
          ...input,
          ...(input.consents ? { consents: { ...row.details.consents, ...input.consents } } : {}),
        }
        await txRepo.saveDetails(row.id, details, clock.now())
      })
      return answer(userId)
    },

    /**
     * One document: judged by its content and re-encoded, put whole in the store, then recorded
     * under the application's lock, where the limits are checked against what it already holds.
     * A refusal after the store keeps nothing.
     */
    async upload(
      userId: number,
      input: { kind: KycDocumentKind; fileName: string; bytes: Buffer },
      key?: string,
    ): Promise<KycDocument> {
      // The size limit is the file as sent; the totals count what is kept (images shrink).
      const early = uploadProblem([], { bytes: input.bytes.length })
      if (early) throw uploadError(early)
      const inspected = await inspectUpload(input.fileName, input.bytes)
      if (!inspected.ok) throw uploadError(inspected.problem)
      // The file as sent is scanned (a PDF is kept as sent; an image is kept re-encoded).
      const verdict = await scanner.scan(input.bytes)
      if (!verdict.clean) throw uploadError('kyc.upload.infected')
      const stored = await files.put(inspected.bytes)
      let recorded = false
      /** The file of the document this one takes the place of, removed after the commit. */
      let replacedKey: string | null = null
      const record = async (tx: Db): Promise<KycDocument> => {
        // Under the farmer's lock (openForEdit): uploads sent at once are counted one by one.
        const txRepo = createKycRepository(tx)
        const row = await openForEdit(txRepo, userId)
        const held = await txRepo.documentsOf(row.id)
        // docs/product/credit.md (KYC review): a file of a kind finance asked to be sent again
        // takes the place of the oldest such document (its file goes; it could not be used).
        const replaced = held.find((d) => d.kind === input.kind && d.review === 'resend')
        const problem = uploadProblem(
          held.filter((d) => d !== replaced),
          { bytes: stored.bytes },
        )
        if (problem) throw uploadError(problem)
        if (replaced) {
          await txRepo.deleteDocument(replaced.id)
          replacedKey = replaced.storageKey
        }
        const doc = await txRepo.addDocument({
          applicationId: row.id,
          kind: input.kind,
          contentType: inspected.contentType,
          bytes: stored.bytes,
          sha256: stored.sha256,
          storageKey: stored.key,
          fileName: cleanFileName(input.fileName),
          createdAt: clock.now(),
        })
        recorded = true
        return documentOf(doc)
      }
      try {
        // docs/product/credit.md (KYC documents): one file chosen is one document. The web page
        // may send the file it was given twice (its form posted, then its script took over, or a
        // second tap before the answer came); with the same Idempotency-Key the second answers
        // the first document and its copy of the file goes. The key is bound to the file as sent.
        const doc = await db.transaction((tx) =>
          key
            ? onceForKey(
                tx,
                {
                  userId,
                  key,
                  body: {
                    kyc_document: input.kind,
                    name: input.fileName,
                    file: createHash('sha256').update(input.bytes).digest('base64url'),
                  },
                  at: clock.now(),
                },
                () => record(tx),
              )
            : record(tx),
        )
        if (!recorded) await files.delete(stored.key)
        if (replacedKey) await files.delete(replacedKey)
        return doc
      } catch (error) {
        await files.delete(stored.key)
        throw error
      }
    },

    async deleteDocument(userId: number, documentId: number): Promise<void> {
      const key = await db.transaction(async (tx) => {
        const txRepo = createKycRepository(tx)
        const row = await openForEdit(txRepo, userId)
        const doc = await txRepo.deleteDocumentOf(row.id, documentId)
        if (!doc) throw new DomainError('NOT_FOUND', 'Document not found')
        return doc.key
      })
      await files.delete(key)
    },

    /** The farmer's own file (any of their applications); anyone else's is not found. */
    async download(userId: number, documentId: number) {
      const doc = await repo.farmersDocument(userId, documentId)
      if (!doc) throw new DomainError('NOT_FOUND', 'Document not found')
      const bytes = await files.get(doc.key)
      if (!bytes) throw new DomainError('NOT_FOUND', 'Document not found')
      return { bytes, contentType: doc.contentType, fileName: doc.fileName }
    },

    /** docs/product/credit.md (KYC): submits the application when it has everything it needs. */
    async submit(userId: number, locale?: Locale): Promise<KycAnswer> {
      await db.transaction(async (tx) => {
        const txRepo = createKycRepository(tx)
        const row = await openForEdit(txRepo, userId)
        const docs = await txRepo.documentsOf(row.id)
        const problems = problemsOf(row, docs)
        if (problems.length > 0)
          throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
            extra: { errors: problems },
          })
        const now = clock.now()
        await txRepo.submitApplication(row.id, {
          state: 'submitted',
          submittedAt: now,
          updatedAt: now,
          requestedDocuments: null,
          ...(locale ? { locale } : {}),
        })
        await txRepo.setUserKyc(userId, { kycStatus: userKycStatus('submitted') })
      })
      return answer(userId)
    },
  }
}
export type KycService = ReturnType<typeof createKycService>
