import type { Db } from '@padi/db/client'
import { formatDate, formatDay } from '@padi/domain/dates'
import { localizedText, type Locale } from '@padi/domain/i18n/locales'
import { formatMoney } from '@padi/domain/money'
import { timeZoneOfCurrency } from '@padi/domain/markets'
import { REMINDERS, type Notice, type NoticeParams } from '@padi/domain/notices/notice-sms-text'
import type { OtpService, PendingSms } from '../auth/otp.service.ts'
import { createNoticesRepository, type NoticesRepository } from './notices.repository.ts'

export type NoticeRun = { sent: number; skipped: number; byKind: Record<string, number> }

type Candidate = {
  kind: Notice
  subjectId: number
  occasion: string
  userId: number
  mobile: string
  locale: Locale
  reminders: boolean
  params: NoticeParams
}

/**
 * docs/product/notices.md: the scheduled SMS notices. Each candidate is claimed by inserting its
 * row in notice_sends (kind, subject, occasion) in the same transaction as its SMS in the outbox:
 * a second run, here or on another server, finds the row and sends nothing; a run that dies
 * before its commit leaves neither. The SMS go to the gateway after the commit.
 */
export async function runNotices(
  db: Db,
  sms: Pick<OtpService, 'notice' | 'dispatch'>,
  now: Date,
): Promise<NoticeRun> {
  const run: NoticeRun = { sent: 0, skipped: 0, byKind: {} }
  const repo = createNoticesRepository(db)
  const candidates = [
    ...(await repaymentsDue(repo, now)),
    ...(await lateFeesAdded(repo, now)),
    ...(await ordersReady(repo, now)),
    ...(await ordersShipped(repo, now)),
    ...(await vouchersExpiring(repo, now)),
  ]
  for (const c of candidates) {
    const send = c.reminders || !REMINDERS.includes(c.kind)
    const pending = await db.transaction(async (tx) => {
      const txRepo = createNoticesRepository(tx)
      const claimed = await txRepo.claim({
        kind: c.kind,
        subjectId: c.subjectId,
        occasion: c.occasion,
        userId: c.userId,
        outcome: send ? 'sent' : 'skipped',
        createdAt: now,
      })
      if (!claimed) return undefined
      if (!send) return null
      const sms1 = await sms.notice(tx, {
        to: c.mobile,
        notice: c.kind,
        locale: c.locale,
        params: c.params,
      })
      if (sms1) await txRepo.linkOutbox(claimed.id, sms1.outboxId)
      return sms1
    })
    if (pending === undefined) continue
    if (pending === null) run.skipped += 1
    else {
      run.sent += 1
      run.byKind[c.kind] = (run.byKind[c.kind] ?? 0) + 1
      sms.dispatch(pending as PendingSms)
    }
  }
  return run
}

type Who = { userId: number; mobile: string; locale: Locale; reminders: boolean }

/** A notice to `r`, the farmer (as the repository selects them, `who`). */
const candidate = (
  kind: Notice,
  subjectId: number,
  occasion: string,
  r: Who,
  params: NoticeParams,
): Candidate => ({
  kind,
  subjectId,
  occasion,
  userId: r.userId,
  mobile: r.mobile,
  locale: r.locale,
  reminders: r.reminders,
  params,
})

/** The repayment reminders, with what is owed and the due day as the farmer reads them. */
async function repaymentsDue(repo: NoticesRepository, now: Date): Promise<Candidate[]> {
  const rows = await repo.repaymentsDue(now)
  return rows.map((r) => {
    const owed = r.line.utilisedMinor + r.line.interestMinor + r.line.lateFeeMinor
    // A due date moved by an extension is a new occasion: reminded again for the new date.
    return candidate(
      r.daysLeft === 7 ? 'repayment_due_7' : 'repayment_due_1',
      r.line.id,
      String(r.line.dueAt!.getTime()),
      r,
      {
        amount: formatMoney(owed, r.line.currency),
        date: formatDate(r.line.dueAt!, timeZoneOfCurrency(r.line.currency)),
      },
    )
  })
}

/** docs/product/credit.md (Late fees): each month's fee, told once, with what is owed now. */
async function lateFeesAdded(repo: NoticesRepository, now: Date): Promise<Candidate[]> {
  const rows = await repo.lateFeesAdded(now)
  return rows.map((r) =>
    candidate('repayment_overdue', r.charge.id, '', r, {
      fee: formatMoney(r.charge.feeMinor, r.line.currency),
      amount: formatMoney(
        r.line.utilisedMinor + r.line.interestMinor + r.line.lateFeeMinor,
        r.line.currency,
      ),
    }),
  )
}

/** Pickup orders ready to collect at their branch, named in the farmer's language. */
async function ordersReady(repo: NoticesRepository, now: Date): Promise<Candidate[]> {
  const rows = await repo.ordersReady(now)
  return rows.map((r) =>
    candidate('order_ready', r.order.id, '', r, {
      order: r.order.number,
      branch: localizedText(r.branch, r.locale),
    }),
  )
}

/** docs/product/back-office.md (Orders): a delivery handed to a logistics company, with its link. */
async function ordersShipped(repo: NoticesRepository, now: Date): Promise<Candidate[]> {
  const rows = await repo.ordersShipped(now)
  return rows.map((r) =>
    candidate('order_shipped', r.order.id, '', r, {
      order: r.order.number,
      link: r.order.trackingUrl!,
    }),
  )
}

/** docs/product/vouchers.md (Reminders): a voucher about to expire, with its last day. */
async function vouchersExpiring(repo: NoticesRepository, now: Date): Promise<Candidate[]> {
  const rows = await repo.vouchersExpiring(now)
  return rows.map((r) =>
    candidate('voucher_expiring', r.voucher.id, '', r, {
      voucher: r.voucher.serial,
      amount: formatMoney(r.voucher.valueMinor, r.voucher.currency),
      date: formatDay(r.voucher.expiresOn),
    }),
  )
}
