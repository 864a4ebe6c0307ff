import type { Db } from '@padi/db/client'
import { isUniqueViolation } from '@padi/db/unique-violation'
import { formatDay } from '@padi/domain/dates'
import { dayOf, startOfDay } from '@padi/domain/credit/farmer-calendar'
import { lateRepaymentWindow } from '@padi/domain/credit/late-repayment-window'
import {
  EXTENSION_FILE_LIMITS,
  extensionProblems,
  type ExtensionState,
} from '@padi/domain/credit/late-repayment-rules'
import type {
  Extension,
  ExtensionDocument,
  ExtensionQueue,
  ExtensionStatus,
  ExtensionSubmit,
  ExtensionToken,
} from '@padi/domain/credit/late-repayment-schemas'
import { outstanding } from '@padi/domain/credit/credit-line'
import type { OtpVerify } from '@padi/domain/auth/schemas'
import { DomainError } from '@padi/domain/errors'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Currency } from '@padi/domain/markets'
import type { Clock } from '../../clock.ts'
import type { OtpService, PendingSms, SendContext } from '../auth/otp.service.ts'
import type { TokenSigner } from '../auth/tokens.ts'
import { recordDecision, recordFileRead } from '../audit/record-decision.service.ts'
import type { CreditLineRow } from '../credit/credit.repository.ts'
import type { CreditService } from '../credit/credit.service.ts'
import type { FileStore } from '../files/encrypted-file-store.ts'
import { cleanFileName } from '../files/file-name.ts'
import { inspectUpload } from '../files/inspect-upload.ts'
import type { VirusScanner } from '../files/virus-scan.ts'
import {
  createLateRepaymentRepository,
  type ApplicationRow,
  type DocumentRow,
} from './late-repayment.repository.ts'

/** Documents sent but not (yet) part of an application that one farmer may hold at a time. */
const UNCLAIMED_DOCUMENTS_MAX = 20

function documentOf(row: DocumentRow): ExtensionDocument {
  return {
    id: row.id,
    content_type: row.contentType,
    bytes: row.bytes,
    file_name: row.fileName,
  }
}

function applicationOf(row: ApplicationRow, documents: DocumentRow[]): Extension {
  return {
    id: row.id,
    status: row.status,
    planting_on: row.plantingOn,
    harvest_on: row.harvestOn,
    new_planting_on: row.newPlantingOn,
    new_harvest_on: row.newHarvestOn,
    reason: row.reason,
    affected_area: row.affectedArea,
    decision_reason: row.decisionReason,
    documents: documents.filter((d) => d.applicationId === row.id).map(documentOf),
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  }
}

/** The harvest date in force: the line's own, or the day its due date falls on. */
function harvestOf(line: CreditLineRow): string | null {
  return line.harvestOn ?? (line.dueAt ? dayOf(line.dueAt, line.currency) : null)
}

function uploadError(
  code:
    | 'UPLOAD_EMPTY'
    | 'UPLOAD_TOO_LARGE'
    | 'UPLOAD_INVALID_TYPE'
    | 'UPLOAD_INFECTED'
    | 'UPLOAD_LIMIT',
  key: string,
  message: string,
) {
  return new DomainError(code, message, {
    extra: { message_key: key, errors: [{ field: 'documents', message: key }] },
  })
}

/**
 * docs/product/credit.md (Late repayment): the farmer, identified by a code sent to the mobile
 * number (no login), asks to move the harvest date inside the window; finance approves (the line's
 * dates and due date move) or rejects with a reason. Decisions are audited and sent by SMS.
 */
export function createLateRepaymentService(deps: {
  db: Db
  clock: Clock
  otp: OtpService
  tokens: TokenSigner
  files: FileStore
  scanner: VirusScanner
  credit: Pick<CreditService, 'currentLine'>
}) {
  const { db, clock, otp, tokens, files, scanner } = deps
  const repo = createLateRepaymentRepository(db)

  async function documentsOf(applicationIds: number[], on: Db = db) {
    return createLateRepaymentRepository(on).documentsOf(applicationIds)
  }

  async function lineOf(userId: number): Promise<CreditLineRow> {
    const line = await deps.credit.currentLine(userId)
    if (!line)
      throw new DomainError('CREDIT_UNAVAILABLE', 'No credit line to extend', {
        extra: { reason: 'none' },
      })
    return line
  }

  async function decide(
    actorUserId: number,
    id: number,
    to: Exclude<ExtensionState, 'pending'>,
    decisionReason: string | null,
  ): Promise<Extension> {
    let pending: PendingSms | null = null
    const result = await db.transaction(async (tx) => {
      const txRepo = createLateRepaymentRepository(tx)
      const row = await txRepo.lockApplication(id)
      if (!row) throw new DomainError('NOT_FOUND', 'Application not found')
      if (row.status !== 'pending')
        throw new DomainError('DECISION_TAKEN', 'This application has already been decided')
      const line = await txRepo.lockCreditLine(row.lineId)
      const now = clock.now()
      if (to === 'approved') {
        // docs/product/credit.md (Late repayment): an approved extension moves the dates in
        // force and the due date; late fees count from the new due date.
        await txRepo.moveLineDates(row.lineId, {
          plantingOn: row.newPlantingOn,
          harvestOn: row.newHarvestOn,
          dueAt: startOfDay(row.newHarvestOn, line!.currency),
          updatedAt: now,
        })
      }
      const after = await txRepo.decideApplication(id, {
        status: to,
        decisionReason,
        decidedAt: now,
        decidedBy: actorUserId,
      })
      const snapshot = (
        r: ApplicationRow,
        l: { harvestOn: string | null; dueAt: Date | null },
      ) => ({
        status: r.status,
        decision_reason: r.decisionReason,
        harvest_on: l.harvestOn,
        due_at: l.dueAt?.toISOString() ?? null,
      })
      const moved = to === 'approved'
      pending = await recordDecision(
        tx,
        {
          actorUserId,
          action: moved ? 'extension.approve' : 'extension.reject',
          subjectType: 'late_repayment_application',
          subjectId: id,
          before: snapshot(row, line!),
          after: snapshot(
            after,
            moved
              ? {
                  harvestOn: row.newHarvestOn,
                  dueAt: startOfDay(row.newHarvestOn, line!.currency),
                }
              : line!,
          ),
          at: now,
          farmer: { userId: row.userId, locale: row.locale },
          notice: moved ? 'extension_approved' : 'extension_rejected',
          params: {
            date: formatDay(moved ? row.newHarvestOn : (line!.harvestOn ?? row.harvestOn)),
          },
        },
        otp,
      )
      return applicationOf(after, await documentsOf([id], tx))
    })
    otp.dispatch(pending)
    return result
  }

  return {
    /**
     * POST /late-repayment/code: a code to the number. The same answer whether or not the number
     * belongs to an active farmer with credit (no code is sent then): the page reveals nothing.
     */
    async requestCode(mobile: string, ctx: SendContext) {
      const result = await db.transaction(async (tx) => {
        const user = await createLateRepaymentRepository(tx).userByMobile(mobile)
        const usable = user && user.status === 'active' && user.role === 'customer' ? user : null
        return otp.issue(tx, {
          purpose: 'late_repayment',
          mobile,
          userId: usable?.id ?? null,
          ctx,
          suppress: !usable,
        })
      })
      otp.dispatch(result.pending)
      return {
        statusCode: 200,
        message: 'If this number has an account, a code was sent by SMS.',
        preAuthSessionId: result.preAuthSessionId,
        deviceId: result.deviceId,
      }
    },

    /** POST /late-repayment/verify: the right code answers a token for these calls only. */
    async verify(input: OtpVerify): Promise<ExtensionToken> {
      const consumed = await db.transaction(async (tx) =>
        otp.consume(tx, {
          preAuthSessionId: input.preAuthSessionId,
          deviceId: input.deviceId,
          code: input.userInputCode,
          purpose: 'late_repayment',
        }),
      )
      if (!consumed.ok) throw consumed.failure
      const userId = consumed.challenge.userId
      if (!userId) throw new DomainError('OTP_INVALID', 'The verification code is not valid')
      return {
        token: await tokens.signExtension(userId, clock.now().getTime()),
        expires_in: tokens.extensionTtlSeconds,
      }
    },

    /** The bearer of an extension token, still an active customer. */
    async authenticate(token: string): Promise<number> {
      const { userId } = await tokens.verifyExtension(token, clock.now().getTime())
      const user = await repo.statusOf(userId)
      if (!user) throw new DomainError('TOKEN_INVALID', 'Invalid token')
      if (user.status !== 'active')
        throw new DomainError('ACCOUNT_SUSPENDED', 'Your account is suspended')
      return userId
    },

    /** GET /late-repayment: the dates in force, the window and the farmer's applications. */
    async status(userId: number): Promise<ExtensionStatus> {
      const line = await lineOf(userId)
      const user = await repo.fullNameOf(userId)
      const rows = await repo.applicationsOf(userId, 5)
      const docs = await documentsOf(rows.map((r) => r.id))
      const harvest = harvestOf(line)
      const window = harvest
        ? lateRepaymentWindow(harvest, dayOf(clock.now(), line.currency))
        : null
      return {
        first_name: (user?.fullName ?? '').trim().split(/\s+/)[0] ?? '',
        planting_on: line.plantingOn,
        harvest_on: harvest,
        owed: { amount_minor: outstanding(line).totalMinor, currency: line.currency },
        window:
          window === null
            ? null
            : window.status === 'too_early'
              ? { status: 'too_early', opens_on: window.opensOn }
              : window.status === 'open'
                ? { status: 'open', days_left: window.daysLeft }
                : { status: 'expired' },
        applications: rows.map((r) => applicationOf(r, docs)),
      }
    },

    /** POST /late-repayment/documents: one supporting document, kept until an application claims it. */
    async uploadDocument(userId: number, name: string, bytes: Buffer): Promise<ExtensionDocument> {
      if (bytes.length === 0)
        throw uploadError('UPLOAD_EMPTY', 'extension.errors.emptyFile', 'The file is empty')
      if (bytes.length > EXTENSION_FILE_LIMITS.fileBytes)
        throw uploadError(
          'UPLOAD_TOO_LARGE',
          'extension.errors.fileTooLarge',
          'File size limit exceeded',
        )
      const inspected = await inspectUpload(name, bytes)
      if (!inspected.ok)
        throw inspected.problem === 'kyc.upload.empty'
          ? uploadError('UPLOAD_EMPTY', 'extension.errors.emptyFile', 'The file is empty')
          : uploadError('UPLOAD_INVALID_TYPE', 'extension.errors.invalidType', 'Invalid file type')
      const verdict = await scanner.scan(bytes)
      if (!verdict.clean)
        throw uploadError('UPLOAD_INFECTED', 'kyc.upload.infected', 'Refused by the virus check')
      const stored = await files.put(inspected.bytes)
      try {
        return await db.transaction(async (tx) => {
          const txRepo = createLateRepaymentRepository(tx)
          // The farmer's row is the lock that counts their unclaimed documents one at a time.
          await txRepo.lockUser(userId)
          if ((await txRepo.unclaimedCount(userId)) >= UNCLAIMED_DOCUMENTS_MAX)
            throw uploadError(
              'UPLOAD_LIMIT',
              'extension.errors.documentLimit',
              'Document limit exceeded',
            )
          const row = await txRepo.insertDocument({
            userId,
            contentType: inspected.contentType,
            bytes: stored.bytes,
            sha256: stored.sha256,
            storageKey: stored.key,
            fileName: cleanFileName(name),
            createdAt: clock.now(),
          })
          return documentOf(row)
        })
      } catch (error) {
        await files.delete(stored.key)
        throw error
      }
    },

    /**
     * POST /late-repayment: the application, inside the window, with new dates later than those
     * in force, and the documents sent before (their owner's, not yet claimed; at most 5 and
     * 20 MB in all). One waits for finance at a time.
     */
    async submit(userId: number, input: ExtensionSubmit, locale: Locale): Promise<Extension> {
      try {
        return await db.transaction(async (tx) => {
          const current = await deps.credit.currentLine(userId, tx)
          if (!current)
            throw new DomainError('CREDIT_UNAVAILABLE', 'No credit line to extend', {
              extra: { reason: 'none' },
            })
          const txRepo = createLateRepaymentRepository(tx)
          const line = await txRepo.lockCreditLine(current.id)
          const harvest = harvestOf(current)
          if (!line || !harvest)
            throw new DomainError('EXTENSION_WINDOW_CLOSED', 'There is no harvest date to move', {
              extra: { status: 'expired' },
            })
          const window = lateRepaymentWindow(harvest, dayOf(clock.now(), line.currency))
          if (window.status !== 'open')
            throw new DomainError(
              'EXTENSION_WINDOW_CLOSED',
              window.status === 'too_early'
                ? 'Too early: you may apply from one month before the harvest date'
                : 'The harvest date has passed',
              { extra: { status: window.status } },
            )
          const problems = extensionProblems({
            newPlantingOn: input.new_planting_on,
            newHarvestOn: input.new_harvest_on,
            reason: input.reason,
            affectedArea: input.affected_area,
            plantingOn: line.plantingOn,
            harvestOn: harvest,
          })
          const fields = Object.entries(problems)
          if (fields.length > 0)
            throw new DomainError('VALIDATION_FAILED', 'Check the application', {
              extra: { errors: fields.map(([field, message]) => ({ field, message })) },
            })
          const ids = [...new Set(input.document_ids)]
          const docs = await txRepo.lockUnclaimedDocuments(userId, ids)
          // Another farmer's document, or one already used, is simply not found.
          if (docs.length !== ids.length) throw new DomainError('NOT_FOUND', 'Document not found')
          if (docs.reduce((sum, d) => sum + d.bytes, 0) > EXTENSION_FILE_LIMITS.totalBytes)
            throw uploadError(
              'UPLOAD_LIMIT',
              'extension.errors.sizeLimit',
              'File size limit exceeded',
            )
          const row = await txRepo.insertApplication({
            userId,
            lineId: line.id,
            plantingOn: line.plantingOn,
            harvestOn: harvest,
            newPlantingOn: input.new_planting_on,
            newHarvestOn: input.new_harvest_on,
            reason: input.reason,
            affectedArea: input.affected_area,
            locale,
            createdAt: clock.now(),
          })
          const claimed = await txRepo.claimDocuments(ids, row.id)
          return applicationOf(row, claimed)
        })
      } catch (error) {
        if (isUniqueViolation(error))
          throw new DomainError(
            'EXTENSION_PENDING',
            'An application is already waiting for a decision',
          )
        throw error
      }
    },

    /** Finance's queue: pending applications, oldest first, with the count in each state. */
    async queue(): Promise<ExtensionQueue> {
      const rows = await repo.pendingQueue(200)
      const docs = await documentsOf(rows.map((r) => r.app.id))
      const counts = await repo.countsByStatus()
      return {
        data: rows.map((r) => ({
          ...applicationOf(r.app, docs),
          user_id: r.app.userId,
          customer_name: r.name,
          mobile: r.mobile,
          owed: {
            amount_minor: outstanding({ ...r.line, currency: r.line.currency as Currency })
              .totalMinor,
            currency: r.line.currency,
          },
        })),
        counts: Object.fromEntries(counts.map((c) => [c.status, c.n])),
      }
    },

    /** A supporting document, for finance (audited). */
    async document(applicationId: number, documentId: number, readerId: number) {
      const row = await repo.documentOf(applicationId, documentId)
      const bytes = row ? await files.get(row.storageKey) : null
      if (!row || !bytes) throw new DomainError('NOT_FOUND', 'Document not found')
      await recordFileRead(db, {
        actorUserId: readerId,
        subjectType: 'late_repayment_application',
        subjectId: applicationId,
        file: { id: row.id, name: row.fileName },
        at: clock.now(),
      })
      return { bytes, contentType: row.contentType, fileName: row.fileName }
    },

    approve: (actorUserId: number, id: number) => decide(actorUserId, id, 'approved', null),
    reject: (actorUserId: number, id: number, reason: string) =>
      decide(actorUserId, id, 'rejected', reason),
  }
}
export type LateRepaymentService = ReturnType<typeof createLateRepaymentService>
