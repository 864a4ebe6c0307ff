import { asc, eq } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import type { Branch, BranchEdit } from '@padi/domain/branches/schemas'

/** The branches; an edit runs in a transaction (`createBranchesRepository(tx)`) that locks the row. */
export function createBranchesRepository(db: Db) {
  return {
    async list(): Promise<Branch[]> {
      const rows = await db
        .select({
          id: branches.id,
          code: branches.code,
          name: branches.name,
          address: branches.address,
          postcode: branches.postcode,
          district: branches.district,
          state: branches.state,
          market: branches.market,
          phone: branches.phone,
          lat: branches.lat,
          lng: branches.lng,
          timezone: branches.timezone,
          opening_hours: branches.openingHours,
          is_headquarters: branches.isHeadquarters,
        })
        .from(branches)
        .orderBy(asc(branches.sortOrder), asc(branches.id))
      return rows
    },

    /** What an edit may change, as it is now; the row stays locked until the transaction ends. */
    async lockEditable(id: number) {
      const [before] = await db
        .select({
          phone: branches.phone,
          address: branches.address,
          openingHours: branches.openingHours,
        })
        .from(branches)
        .where(eq(branches.id, id))
        .for('update')
      return before ?? null
    },

    async applyEdit(id: number, input: BranchEdit) {
      await db
        .update(branches)
        .set({ phone: input.phone, address: input.address, openingHours: input.opening_hours })
        .where(eq(branches.id, id))
    },

    async insertAuditEntry(entry: typeof auditLog.$inferInsert) {
      await db.insert(auditLog).values(entry)
    },
  }
}
export type BranchesRepository = ReturnType<typeof createBranchesRepository>
