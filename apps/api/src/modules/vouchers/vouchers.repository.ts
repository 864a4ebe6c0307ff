import { inArray } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { users } from '@padi/db/schema/users'
import { vouchers } from '@padi/db/schema/vouchers'

/** Issuing vouchers; the batch is written from a transaction (`createVouchersRepository(tx)`). */
export function createVouchersRepository(db: Db) {
  return {
    /** The accounts behind these numbers, whatever their role or status (the caller judges). */
    async accountsByMobile(mobiles: string[]) {
      if (mobiles.length === 0) return []
      return db
        .select({
          id: users.id,
          mobile: users.mobile,
          market: users.market,
          role: users.role,
          status: users.status,
        })
        .from(users)
        .where(inArray(users.mobile, mobiles))
    },

    /** Answers the vouchers made, in the order given. */
    async insertVouchers(rows: (typeof vouchers.$inferInsert)[]) {
      if (rows.length === 0) return []
      return db.insert(vouchers).values(rows).returning({
        id: vouchers.id,
        serial: vouchers.serial,
        userId: vouchers.userId,
        valueMinor: vouchers.valueMinor,
        currency: vouchers.currency,
      })
    },

    async insertAuditEntries(entries: (typeof auditLog.$inferInsert)[]) {
      if (entries.length === 0) return
      await db.insert(auditLog).values(entries)
    },
  }
}
export type VouchersRepository = ReturnType<typeof createVouchersRepository>
