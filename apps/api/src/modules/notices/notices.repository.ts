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

/** Occasions older than this are not announced (a first run after a deploy sends no backlog). */
const FRESH = sql`interval '3 days'`

/** Not yet dealt with: keeps each run's scan to what is new, not every past occasion. */
const unclaimed = (kind: SQL, subject: SQL | AnyColumn, occasion: SQL) =>
  sql`not exists (select 1 from ${noticeSends} n where n.kind = ${kind}
    and n.subject_id = ${subject} and n.occasion = ${occasion})`

/** The farmer a notice goes to, and whether they take reminders. */
const who = {
  userId: users.id,
  mobile: users.mobile,
  locale: users.locale,
  reminders: users.smsReminders,
}

/**
 * The notices' storage: the occasions each kind of notice is sent for, and the claim of each in
 * notice_sends, inside the transaction that puts its SMS in the outbox
 * (`createNoticesRepository(tx)`).
 */
export function createNoticesRepository(db: Db) {
  return {
    /**
     * Claims an occasion (kind, subject, occasion) by inserting its row; null when a run, here or
     * on another server, claimed it first.
     */
    async claim(send: typeof noticeSends.$inferInsert): Promise<{ id: number } | null> {
      const [claimed] = await db
        .insert(noticeSends)
        .values(send)
        .onConflictDoNothing()
        .returning({ id: noticeSends.id })
      return claimed ?? null
    },

    /** The SMS in the outbox that told the claimed occasion. */
    async linkOutbox(sendId: number, outboxId: number): Promise<void> {
      await db.update(noticeSends).set({ outboxId }).where(eq(noticeSends.id, sendId))
    },

    /** Lines with something owed whose due day, in the farmer's country, is 7 days or 1 day away. */
    repaymentsDue(now: Date) {
      const zone = currencyTimeZoneSql(creditLines.currency)
      const daysLeft = sql<number>`((${creditLines.dueAt} at time zone ${zone})::date
    - (${now.toISOString()}::timestamptz at time zone ${zone})::date)::int`
      return db
        .select({ line: creditLines, daysLeft, ...who })
        .from(creditLines)
        .innerJoin(users, eq(users.id, creditLines.userId))
        .where(
          and(
            sql`${creditLines.dueAt} is not null`,
            sql`${creditLines.state} <> 'expired'`,
            sql`${creditLines.utilisedMinor} + ${creditLines.interestMinor} + ${creditLines.lateFeeMinor} > 0`,
            sql`${daysLeft} in (7, 1)`,
            // A due date moved by an extension is a new occasion: reminded again for the new date.
            unclaimed(
              sql`case when ${daysLeft} = 7 then 'repayment_due_7' else 'repayment_due_1' end`,
              creditLines.id,
              sql`(extract(epoch from ${creditLines.dueAt}) * 1000)::bigint::text`,
            ),
          ),
        )
    },

    /** docs/product/credit.md (Late fees): each month's fee, told once, with its line. */
    lateFeesAdded(now: Date) {
      return db
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
    },

    /**
     * Pickup orders waiting at their branch. The packs are taken from that branch's shelf when the
     * order is placed, so it is ready to collect at once.
     */
    ordersReady(now: Date) {
      return db
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
    },

    /** docs/product/back-office.md (Orders): a delivery handed to a logistics company, with its link. */
    ordersShipped(now: Date) {
      return db
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
    },

    /**
     * docs/product/vouchers.md (Reminders): an active voucher whose expiry day, in its market, is
     * at most 3 days away (today included: it is valid through that day), told once (a voucher
     * issued closer to its expiry is told at once).
     */
    vouchersExpiring(now: Date) {
      // Today in each market, from the one table of market time zones.
      const today = sql`(${now.toISOString()}::timestamptz at time zone ${marketTimeZoneSql(vouchers.market)})::date`
      const daysLeft = sql`(${vouchers.expiresOn} - ${today})`
      return db
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
    },
  }
}
export type NoticesRepository = ReturnType<typeof createNoticesRepository>
