import { and, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { currencyTimeZoneSql } from '@padi/db/market-zone'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import { orders } from '@padi/db/schema/orders'
import { users } from '@padi/db/schema/users'
import type { OrderDeskQuery } from '@padi/domain/orders/order-desk-schemas'

type OrderRow = typeof orders.$inferSelect
/** What a delivery's change writes to its order. */
export type OrderChange = Partial<typeof orders.$inferInsert>

/** docs/product/back-office.md (Orders): an order's day is the calendar day in its own market. */
const orderDay = sql`(${orders.createdAt} at time zone ${currencyTimeZoneSql(orders.currency)})::date`

/**
 * The back office's orders. A change runs in a transaction (`createOrderDeskRepository(tx)`)
 * that locks the order first (`lockOrder`).
 */
export function createOrderDeskRepository(db: Db) {
  return {
    async staffBranchOf(userId: number) {
      const [row] = await db
        .select({ branchId: users.staffBranchId })
        .from(users)
        .where(eq(users.id, userId))
      return row ?? null
    },

    /** One order with its customer; with a branch scope, only that branch's. */
    async orderWithCustomer(id: number, scope: number | null) {
      const [row] = await db
        .select({ order: orders, fullName: users.fullName, mobile: users.mobile })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(eq(orders.id, id), scope ? eq(orders.branchId, scope) : undefined))
      return row ?? null
    },

    /**
     * Newest first, from below `after` (the last row of the page before), with branch and
     * customer; `scope` limits staff to their branch whatever the filters say.
     */
    ordersPage(args: {
      scope: number | null
      query: Omit<OrderDeskQuery, 'cursor' | 'limit'>
      after: { at: Date; id: number } | null
      limit: number
    }) {
      const { scope, query, after } = args
      const where: (SQL | undefined)[] = [
        scope ? eq(orders.branchId, scope) : undefined,
        query.branch_id ? eq(orders.branchId, query.branch_id) : undefined,
        query.user_id ? eq(orders.userId, query.user_id) : undefined,
        query.status ? eq(orders.status, query.status) : undefined,
        query.payment ? eq(orders.payment, query.payment) : undefined,
        query.fulfilment ? eq(orders.fulfilment, query.fulfilment) : undefined,
        query.from ? sql`${orderDay} >= ${query.from}::date` : undefined,
        query.to ? sql`${orderDay} <= ${query.to}::date` : undefined,
        query.q ? ilike(orders.number, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
        after
          ? or(
              lt(orders.createdAt, after.at),
              and(eq(orders.createdAt, after.at), lt(orders.id, after.id)),
            )
          : undefined,
      ]
      return db
        .select({
          order: orders,
          branch: branches.name,
          fullName: users.fullName,
          mobile: users.mobile,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .innerJoin(branches, eq(branches.id, orders.branchId))
        .where(and(...where))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(args.limit)
    },

    async lockOrder(id: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update')
      return row ?? null
    },

    async updateOrder(id: number, set: OrderChange): Promise<OrderRow> {
      const [after] = await db.update(orders).set(set).where(eq(orders.id, id)).returning()
      return after!
    },

    async insertAuditEntry(entry: typeof auditLog.$inferInsert) {
      await db.insert(auditLog).values(entry)
    },
  }
}
export type OrderDeskRepository = ReturnType<typeof createOrderDeskRepository>
