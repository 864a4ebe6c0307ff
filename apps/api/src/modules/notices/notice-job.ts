import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { currencyTimeZoneSql, marketTimeZoneSql } from '@padi/db/market-zone'
import { branches } from '@padi/db/schema/branches'
import { creditLines } from '@padi/db/schema/credit'
import { lateFeeCharges } from '@padi/db/schema/late-fees'
import { noticeSends } from '@padi/db/schema/notices'
import { orders } from '@padi/db/schema/orders'
import { users } from '@padi/db/schema/users'
import { vouchers } from '@padi/db/schema/vouchers'
import { formatDate, formatDay } from '@padi/domain/dates'
import { localizedText, type Locale } from '@padi/domain/i18n/locales'
import { formatMoney } from '@padi/domain/money'
import { timeZoneOfCurrency } from '@padi/domain/markets'
import { REMINDERS, type Notice, type NoticeParams } from '@padi/domain/notices/notice-sms-text'
import type { OtpService, PendingSms } from '../auth/otp.service.ts'

/** Occasions older than this are not announced (a first run after a deploy sends no backlog). */
const FRESH = sql`interval '3 days'`

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
  const candidates = [
    ...(await repaymentsDue(db, now)),
    ...(await lateFeesAdded(db, now)),
    ...(await ordersReady(db, now)),
    ...(await ordersShipped(db, now)),
    ...(await vouchersExpiring(db, now)),
  ]
  for (const c of candidates) {
    const send = c.reminders || !REMINDERS.includes(c.kind)
    const pending = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(noticeSends)
        .values({
          kind: c.kind,
          subjectId: c.subjectId,
          occasion: c.occasion,
          userId: c.userId,
          outcome: send ? 'sent' : 'skipped',
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: noticeSends.id })
      if (!claimed) return undefined
      if (!send) return null
      const sms1 = await sms.notice(tx, {
        to: c.mobile,
        notice: c.kind,
        locale: c.locale,
        params: c.params,
      })
      if (sms1)
        await tx
          .update(noticeSends)
          .set({ outboxId: sms1.outboxId })
          .where(eq(noticeSends.id, claimed.id))
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

/** Not yet dealt with: keeps each run's scan to what is new, not every past occasion. */
const unclaimed = (kind: SQL, subject: SQL | AnyColumn, occasion: SQL) =>
  sql`not exists (select 1 from ${noticeSends} n where n.kind = ${kind}
    and n.subject_id = ${subject} and n.occasion = ${occasion})`

type Who = { userId: number; mobile: string; locale: Locale; reminders: boolean }

/** A notice to `r`, the farmer (as `who` selects them). */
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

const who = {
  userId: users.id,
  mobile: users.mobile,
  locale: users.locale,
  reminders: users.smsReminders,
}

/** Lines with something owed whose due day, in the farmer's country, is 7 days or 1 day away. */
async function repaymentsDue(db: Db, now: Date): Promise<Candidate[]> {
  const zone = currencyTimeZoneSql(creditLines.currency)
  const daysLeft = sql<number>`((${creditLines.dueAt} at time zone ${zone})::date
    - (${now.toISOString()}::timestamptz at time zone ${zone})::date)::int`
  const rows = await db
    .select({ line: creditLines, daysLeft, ...who })
    .from(creditLines)
    .innerJoin(users, eq(users.id, creditLines.userId))
    .where(
      and(
        sql`${creditLines.dueAt} is not null`,
        sql`${creditLines.state} <> 'expired'`,
        sql`${creditLines.utilisedMinor} + ${creditLines.interestMinor} + ${creditLines.lateFeeMinor} > 0`,
        sql`${daysLeft} in (7, 1)`,
        unclaimed(
          sql`case when ${daysLeft} = 7 then 'repayment_due_7' else 'repayment_due_1' end`,
          creditLines.id,
          sql`(extract(epoch from ${creditLines.dueAt}) * 1000)::bigint::text`,
        ),
      ),
    )
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
async function lateFeesAdded(db: Db, now: Date): Promise<Candidate[]> {
  const rows = await db
    .select({ charge: lateFeeCharges, line: creditLines, ...who })
    .from(lateFeeCharges)
    .innerJoin(creditLines, eq(creditLines.id, lateFeeCharges.lineId))
    .innerJoin(users, eq(users.id, creditLines.userId))
    .where(
      and(
        sql`${lateFeeCharges.createdAt} > ${now.toISOString()}::timestamptz - ${FRESH}`,
        unclaimed(sql`'repayment_overdue'`, lateFeeCharges.id, sql`''`),
      ),
    )
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

/**
 * Pickup orders waiting at their branch. The packs are taken from that branch's shelf when the
 * order is placed, so it is ready to collect at once.
 */
async function ordersReady(db: Db, now: Date): Promise<Candidate[]> {
  const rows = await db
    .select({ order: orders, branch: branches.name, ...who })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .where(
      and(
        eq(orders.fulfilment, 'pickup'),
        sql`${orders.status} <> 'completed'`,
        sql`${orders.createdAt} > ${now.toISOString()}::timestamptz - ${FRESH}`,
        unclaimed(sql`'order_ready'`, orders.id, sql`''`),
      ),
    )
  return rows.map((r) =>
    candidate('order_ready', r.order.id, '', r, {
      order: r.order.number,
      branch: localizedText(r.branch, r.locale),
    }),
  )
}

/** docs/product/back-office.md (Orders): a delivery handed to a logistics company, with its link. */
async function ordersShipped(db: Db, now: Date): Promise<Candidate[]> {
  const rows = await db
    .select({ order: orders, ...who })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.fulfilment, 'delivery'),
        sql`${orders.trackingUrl} is not null`,
        sql`${orders.createdAt} > ${now.toISOString()}::timestamptz - interval '60 days'`,
        unclaimed(sql`'order_shipped'`, orders.id, sql`''`),
      ),
    )
  return rows.map((r) =>
    candidate('order_shipped', r.order.id, '', r, {
      order: r.order.number,
      link: r.order.trackingUrl!,
    }),
  )
}

/**
 * docs/product/vouchers.md (Reminders): an active voucher whose expiry day, in its market, is at
 * most 3 days away (today included: it is valid through that day), told once (a voucher issued
 * closer to its expiry is told at once).
 */
async function vouchersExpiring(db: Db, now: Date): Promise<Candidate[]> {
  // Today in each market, from the one table of market time zones.
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${marketTimeZoneSql(vouchers.market)})::date`
  const daysLeft = sql`(${vouchers.expiresOn} - ${today})`
  const rows = await db
    .select({ voucher: vouchers, ...who })
    .from(vouchers)
    .innerJoin(users, eq(users.id, vouchers.userId))
    .where(
      and(
        eq(vouchers.state, 'active'),
        sql`${daysLeft} between 0 and 3`,
        unclaimed(sql`'voucher_expiring'`, vouchers.id, sql`''`),
      ),
    )
  return rows.map((r) =>
    candidate('voucher_expiring', r.voucher.id, '', r, {
      voucher: r.voucher.serial,
      amount: formatMoney(r.voucher.valueMinor, r.voucher.currency),
      date: formatDay(r.voucher.expiresOn),
    }),
  )
}
