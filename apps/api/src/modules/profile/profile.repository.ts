import { eq } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import { users } from '@padi/db/schema/users'

/** The farmer's own profile; call it with a transaction where a use case locks the row. */
export function createProfileRepository(db: Db) {
  return {
    async branchById(id: number) {
      const [branch] = await db
        .select({ id: branches.id })
        .from(branches)
        .where(eq(branches.id, id))
      return branch ?? null
    },

    async updateProfile(
      userId: number,
      profile: Pick<
        typeof users.$inferInsert,
        'fullName' | 'email' | 'postcode' | 'area' | 'district' | 'preferredBranchId'
      >,
    ) {
      await db.update(users).set(profile).where(eq(users.id, userId))
    },

    async setSmsReminders(userId: number, on: boolean) {
      await db.update(users).set({ smsReminders: on }).where(eq(users.id, userId))
    },

    async lockMobile(userId: number) {
      const [before] = await db
        .select({ mobile: users.mobile })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
      return before ?? null
    },

    async setMobile(userId: number, mobile: string) {
      await db.update(users).set({ mobile }).where(eq(users.id, userId))
    },

    async insertAuditEntry(entry: typeof auditLog.$inferInsert) {
      await db.insert(auditLog).values(entry)
    },
  }
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>
