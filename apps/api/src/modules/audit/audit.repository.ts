import { and, desc, eq, inArray, like, lt, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import { productVariations } from '@padi/db/schema/catalogue'
import { users } from '@padi/db/schema/users'
import { MARKET, type Market } from '@padi/domain/markets'

export type AuditFilter = {
  subject_type?: string | undefined
  subject_id?: number | undefined
  actor_id?: number | undefined
  action?: string | undefined
  from?: string | undefined
  to?: string | undefined
  before?: number | undefined
}

/**
 * The market of the record an entry is about, read from the record itself: its times and days
 * are told in that market's time zone. A product is sold in both (null).
 */
const subjectMarket = sql<Market | null>`case ${auditLog.subjectType}
  when 'order' then (select case when o.currency = 'THB' then 'TH' else 'MY' end
    from orders o where o.id = ${auditLog.subjectId})
  when 'kyc_application' then (select k.market from kyc_applications k
    where k.id = ${auditLog.subjectId})
  when 'repayment_receipt' then (select case when r.currency = 'THB' then 'TH' else 'MY' end
    from repayment_receipts r where r.id = ${auditLog.subjectId})
  when 'late_repayment_application' then (select case when c.currency = 'THB' then 'TH' else 'MY' end
    from late_repayment_applications l join credit_lines c on c.id = l.line_id
    where l.id = ${auditLog.subjectId})
  when 'contract_renewal' then (select case when c.currency = 'THB' then 'TH' else 'MY' end
    from contract_renewals n join credit_lines c on c.id = n.line_id
    where n.id = ${auditLog.subjectId})
  when 'voucher' then (select v.market from vouchers v where v.id = ${auditLog.subjectId})
  when 'user' then (select u.market from users u where u.id = ${auditLog.subjectId})
  when 'branch' then (select b.market from branches b where b.id = ${auditLog.subjectId})
end`

/**
 * The audit log's storage: the admin's reading of it, and the entries back-office decisions
 * write, with the pool or inside the decision's transaction (`createAuditRepository(tx)`).
 */
export function createAuditRepository(db: Db) {
  return {
    /** Entries matching the filter, newest first, with who made each and its record's market. */
    entries(filter: AuditFilter, limit: number) {
      // docs/product/dates-and-times.md: the log's day filter is the head office's (Malaysia's).
      const day = sql`(${auditLog.createdAt} at time zone ${MARKET.MY.timeZone})::date`
      return db
        .select({ entry: auditLog, actorName: users.fullName, market: subjectMarket })
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
        .limit(limit)
    },

    branchNames(ids: number[]) {
      return db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(inArray(branches.id, ids))
    },

    packLabels(ids: number[]) {
      return db
        .select({
          id: productVariations.id,
          sku: productVariations.sku,
          label: productVariations.label,
        })
        .from(productVariations)
        .where(inArray(productVariations.id, ids))
    },

    personNames(ids: number[]) {
      return db
        .select({ id: users.id, name: users.fullName })
        .from(users)
        .where(inArray(users.id, ids))
    },

    async addEntry(entry: typeof auditLog.$inferInsert): Promise<void> {
      await db.insert(auditLog).values(entry)
    },

    /** Where the farmer's SMS goes; null when the account is gone. */
    async farmerMobile(userId: number): Promise<{ mobile: string } | null> {
      const [user] = await db
        .select({ mobile: users.mobile })
        .from(users)
        .where(eq(users.id, userId))
      return user ?? null
    },
  }
}
export type AuditRepository = ReturnType<typeof createAuditRepository>
