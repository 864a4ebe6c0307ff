import type { Db } from '@padi/db/client'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Notice, NoticeParams } from '@padi/domain/notices/notice-sms-text'
import type { OtpService, PendingSms } from '../auth/otp.service.ts'
import { createAuditRepository } from './audit.repository.ts'

/** What the audit log keeps of a back-office action: who, what, on what, before, after, when. */
export type AuditedAction = {
  /** Null for the shop itself (a gateway's proven notice, a job). */
  actorUserId: number | null
  action: string
  subjectType: string
  subjectId: number
  before: Record<string, unknown>
  after: Record<string, unknown>
  at: Date
}

/**
 * A back-office decision's record, inside the decision's transaction: its entry in the audit log
 * (who, what, when, before and after) and the SMS that tells the farmer, in their language. The
 * SMS is handed to the gateway by the caller after the commit (`sms.dispatch`), so a decision
 * that is rolled back is never announced.
 */
export async function recordDecision(
  tx: Db,
  input: AuditedAction & {
    farmer: { userId: number; locale: Locale }
    notice: Notice
    params: NoticeParams
  },
  sms: Pick<OtpService, 'notice'> | undefined,
): Promise<PendingSms | null> {
  await recordAction(tx, input)
  if (!sms) return null
  const repo = createAuditRepository(tx)
  const user = await repo.farmerMobile(input.farmer.userId)
  if (!user) return null
  return sms.notice(tx, {
    to: user.mobile,
    notice: input.notice,
    locale: input.farmer.locale,
    params: input.params,
  })
}

/**
 * docs/security.md (files at rest): a farmer's stored file opened by someone else (finance,
 * admin) is written to the audit log: who, when, which file of which record. The farmer's own
 * reads are not: the log is of access to other people's data.
 */
export async function recordFileRead(
  db: Db,
  input: {
    actorUserId: number
    subjectType: string
    subjectId: number
    file: { id?: number; name: string }
    at: Date
  },
) {
  await createAuditRepository(db).addEntry({
    actorUserId: input.actorUserId,
    action: 'file.read',
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    after: { file_id: input.file.id ?? null, file_name: input.file.name },
    createdAt: input.at,
  })
}

/** A back-office decision that no farmer is told of by SMS (a statement credit returned). */
export async function recordAction(db: Db, input: AuditedAction) {
  await createAuditRepository(db).addEntry({
    actorUserId: input.actorUserId,
    action: input.action,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    before: input.before,
    after: input.after,
    createdAt: input.at,
  })
}
