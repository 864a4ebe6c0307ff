import { and, asc, count, desc, eq, like, lt, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { creditLines } from '@padi/db/schema/credit'
import { kycApplications, kycDocuments } from '@padi/db/schema/kyc'
import { users } from '@padi/db/schema/users'
import { approvedLimitMinor } from '@padi/domain/credit/credit-limit'
import { DomainError } from '@padi/domain/errors'
import { canMove, userKycStatus, type KycApplicationState } from '@padi/domain/kyc/kyc-application'
import type { ApproveKyc, RejectKyc, RequestDocuments } from '@padi/domain/kyc/kyc-schemas'
import type { KycDocumentKind } from '@padi/domain/kyc/kyc-documents'
import type { Notice, NoticeParams } from '@padi/domain/notices/notice-sms-text'
import { formatMoney, MARKET_CURRENCY, type Market } from '@padi/domain/money'
import type { Clock } from '../../clock.ts'
import type { OtpService, PendingSms } from '../auth/otp.service.ts'
import { recordDecision, recordFileRead } from '../audit/record-decision.ts'
import type { FileStore } from '../files/encrypted-file-store.ts'
import { documentOf } from './kyc.service.ts'

type ApplicationRow = typeof kycApplications.$inferSelect

/** A day (YYYY-MM-DD) at midnight in the farmer's country, as a moment. */
function dayIn(market: Market, day: string): Date {
  return new Date(`${day}T00:00:00${market === 'TH' ? '+07:00' : '+08:00'}`)
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
const AUDIT_PAGE = 100

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

  /** docs/product/credit.md: the limit the verified hectares give, within the advertised ceiling. */
  function limitFor(market: Market, hectares: number): number {
    return approvedLimitMinor(market, hectares, ratePerHectareMinor[market])
  }

  async function decide(
    actorUserId: number,
    id: number,
    to: KycApplicationState,
    action: string,
    write: (tx: Db, row: ApplicationRow) => Promise<Partial<ApplicationRow>>,
    tell: (row: ApplicationRow) => { notice: Notice; params: NoticeParams },
  ) {
    let pending: PendingSms | null = null
    const result = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(kycApplications)
        .where(eq(kycApplications.id, id))
        .for('update')
      if (!row) throw new DomainError('NOT_FOUND', 'Application not found')
      if (!canMove(row.state, to, 'finance'))
        throw new DomainError('KYC_NOT_EDITABLE', 'The application is not waiting for a decision')
      const now = clock.now()
      const changes = await write(tx, row)
      const [after] = await tx
        .update(kycApplications)
        .set({ ...changes, state: to, decidedAt: now, decidedBy: actorUserId, updatedAt: now })
        .where(eq(kycApplications.id, id))
        .returning()
      await tx
        .update(users)
        .set({
          kycStatus: userKycStatus(to),
          canResubmitAt: to === 'rejected' ? (after!.canResubmitAt ?? null) : null,
        })
        .where(eq(users.id, row.userId))
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
          after: snapshot(after!),
          at: now,
          farmer: { userId: row.userId, locale: row.locale },
          ...tell(after!),
        },
        deps.sms,
      )
      return { id, state: to }
    })
    deps.sms?.dispatch(pending)
    return result
  }

  /** A day as the farmer reads it in an SMS, in their language. */
  function dayText(row: ApplicationRow, at: Date): string {
    const tag = row.locale === 'th' ? 'th-TH' : row.locale === 'bm' ? 'ms-MY' : 'en-MY'
    const timeZone = row.market === 'TH' ? 'Asia/Bangkok' : 'Asia/Kuala_Lumpur'
    return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone }).format(at)
  }

  return {
    limitFor,

    /** Submitted applications, oldest first, and how many there are in each state. */
    async queue() {
      const rows = await db
        .select({
          id: kycApplications.id,
          userId: kycApplications.userId,
          market: kycApplications.market,
          details: kycApplications.details,
          submittedAt: kycApplications.submittedAt,
        })
        .from(kycApplications)
        .where(eq(kycApplications.state, 'submitted'))
        .orderBy(asc(kycApplications.submittedAt), asc(kycApplications.id))
        .limit(200)
      const counts = await db
        .select({ state: kycApplications.state, n: count() })
        .from(kycApplications)
        .groupBy(kycApplications.state)
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
      const [row] = await db.select().from(kycApplications).where(eq(kycApplications.id, id))
      if (!row) throw new DomainError('NOT_FOUND', 'Application not found')
      const [applicant] = await db
        .select({ fullName: users.fullName, mobile: users.mobile, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, row.userId))
      const docs = await db
        .select()
        .from(kycDocuments)
        .where(eq(kycDocuments.applicationId, id))
        .orderBy(kycDocuments.id)
      const history = await db
        .select({
          id: kycApplications.id,
          state: kycApplications.state,
          submittedAt: kycApplications.submittedAt,
          decidedAt: kycApplications.decidedAt,
          decisionReason: kycApplications.decisionReason,
        })
        .from(kycApplications)
        .where(eq(kycApplications.userId, row.userId))
        .orderBy(desc(kycApplications.createdAt), desc(kycApplications.id))
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
      const [doc] = await db
        .select()
        .from(kycDocuments)
        .where(and(eq(kycDocuments.id, documentId), eq(kycDocuments.applicationId, applicationId)))
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
        async (tx, row) => {
          const [existing] = await tx
            .select({ id: creditLines.id })
            .from(creditLines)
            .where(eq(creditLines.userId, row.userId))
            .limit(1)
          // A second line is a renewal, which has its own process.
          if (existing) throw new DomainError('CONFLICT', 'This customer already has a credit line')
          await tx.insert(creditLines).values({
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
        async () => ({
          requestedDocuments: [...new Set(input.documents)] as KycDocumentKind[],
          decisionReason: input.note ?? null,
        }),
        () => ({ notice: 'kyc_documents', params: {} }),
      )
    },

    /** The audit log, newest first (admin). */
    /**
     * GET /admin/audit: newest first, 100 a page (`before`: the last id of the page before), by
     * the record changed, who changed it, the kind of change (`product.` finds every product
     * change) and the days, in Malaysia time.
     */
    async audit(filter: {
      subject_type?: string | undefined
      subject_id?: number | undefined
      actor_id?: number | undefined
      action?: string | undefined
      from?: string | undefined
      to?: string | undefined
      before?: number | undefined
    }) {
      const day = sql`(${auditLog.createdAt} at time zone 'Asia/Kuala_Lumpur')::date`
      const rows = await db
        .select({ entry: auditLog, actorName: users.fullName })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(
          and(
            filter.subject_type ? eq(auditLog.subjectType, filter.subject_type) : undefined,
            filter.subject_id ? eq(auditLog.subjectId, filter.subject_id) : undefined,
            filter.actor_id ? eq(auditLog.actorUserId, filter.actor_id) : undefined,
            filter.action
              ? like(auditLog.action, `${filter.action.replace(/[\\%_]/g, '\\$&')}%`)
              : undefined,
            filter.from ? sql`${day} >= ${filter.from}::date` : undefined,
            filter.to ? sql`${day} <= ${filter.to}::date` : undefined,
            filter.before ? lt(auditLog.id, filter.before) : undefined,
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(AUDIT_PAGE + 1)
      const page = rows.slice(0, AUDIT_PAGE)
      return {
        next_before: rows.length > AUDIT_PAGE ? (page.at(-1)?.entry.id ?? null) : null,
        data: page.map(({ entry: r, actorName }) => ({
          id: r.id,
          actor_user_id: r.actorUserId,
          actor_name: actorName,
          action: r.action,
          subject_type: r.subjectType,
          subject_id: r.subjectId,
          before: r.before as Record<string, unknown> | null,
          after: r.after as Record<string, unknown> | null,
          created_at: r.createdAt.toISOString(),
        })),
      }
    },
  }
}
export type KycReviewService = ReturnType<typeof createKycReviewService>
