import { eq } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { users } from '@padi/db/schema/users'

/** The accounts staff, finance and admin act on; call it with a transaction where a use case locks. */
export function createUsersRepository(db: Db) {
  return {
    async lockLegalHold(id: number) {
      const [row] = await db
        .select({ legalHoldAt: users.legalHoldAt, role: users.role })
        .from(users)
        .where(eq(users.id, id))
        .for('update')
      return row ?? null
    },

    async setLegalHold(id: number, legalHoldAt: Date | null) {
      await db.update(users).set({ legalHoldAt }).where(eq(users.id, id))
    },

    async insertAuditEntry(entry: typeof auditLog.$inferInsert) {
      await db.insert(auditLog).values(entry)
    },
  }
}
export type UsersRepository = ReturnType<typeof createUsersRepository>
