import { and, asc, desc, eq, ilike, or } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import { kycApplications } from '@padi/db/schema/kyc'
import { users } from '@padi/db/schema/users'
import type { Role } from '@padi/domain/auth/roles'

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`

/**
 * The back office's people. A change of role runs in a transaction
 * (`createUserDeskRepository(tx)`) that locks the person's row first (`lockRole`).
 */
export function createUserDeskRepository(db: Db) {
  return {
    /** By name holding `name`, or mobile number holding `mobile` when given; by name. */
    search(args: { name: string; mobile: string | null; role: Role | undefined; limit: number }) {
      const byMobile = args.mobile ? ilike(users.mobile, contains(args.mobile)) : undefined
      return db
        .select({
          id: users.id,
          full_name: users.fullName,
          mobile: users.mobile,
          role: users.role,
          status: users.status,
          kyc_status: users.kycStatus,
          market: users.market,
        })
        .from(users)
        .where(
          and(
            or(ilike(users.fullName, contains(args.name)), byMobile),
            args.role ? eq(users.role, args.role) : undefined,
          ),
        )
        .orderBy(asc(users.fullName), asc(users.id))
        .limit(args.limit)
    },

    /** The person's newest KYC application. */
    async latestKyc(userId: number) {
      const [kyc] = await db
        .select({
          id: kycApplications.id,
          state: kycApplications.state,
          submittedAt: kycApplications.submittedAt,
        })
        .from(kycApplications)
        .where(eq(kycApplications.userId, userId))
        .orderBy(desc(kycApplications.id))
        .limit(1)
      return kyc ?? null
    },

    async statusOf(id: number) {
      const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, id))
      return row ?? null
    },

    async lockRole(id: number) {
      const [row] = await db
        .select({ role: users.role, branchId: users.staffBranchId })
        .from(users)
        .where(eq(users.id, id))
        .for('update')
      return row ?? null
    },

    async branchById(id: number) {
      const [branch] = await db
        .select({ id: branches.id })
        .from(branches)
        .where(eq(branches.id, id))
      return branch ?? null
    },

    async setRole(id: number, role: Role, staffBranchId: number | null, tokensValidAfter: Date) {
      await db.update(users).set({ role, staffBranchId, tokensValidAfter }).where(eq(users.id, id))
    },

    async insertAuditEntry(entry: typeof auditLog.$inferInsert) {
      await db.insert(auditLog).values(entry)
    },
  }
}
export type UserDeskRepository = ReturnType<typeof createUserDeskRepository>
