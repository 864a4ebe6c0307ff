import { and, asc, desc, eq, ilike, or } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import { kycApplications } from '@padi/db/schema/kyc'
import { users } from '@padi/db/schema/users'
import type { Role } from '@padi/domain/auth/roles'
import type { StaffAssignment, UserOverview, UserSearch } from '@padi/domain/auth/user-desk-schemas'
import { DomainError } from '@padi/domain/errors'
import type { Market } from '@padi/domain/markets'
import type { Clock } from '../../clock.ts'
import type { AuthService } from '../auth/auth.service.ts'
import type { CounterService } from '../counter/counter.service.ts'
import type { CreditService } from '../credit/credit.service.ts'
import type { OrderDeskService } from '../order-desk/order-desk.service.ts'

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`

/**
 * docs/product/back-office.md (Users): finance and admin find a person by name or mobile number
 * and see a customer whole (profile, credit, KYC, orders, vouchers, transactions) on one page;
 * suspension is theirs, a staff member's branch and role are admin's. Every change is audited.
 */
export function createUserDeskService(deps: {
  db: Db
  clock: Clock
  auth: AuthService
  credit: CreditService
  counter: CounterService
  desk: OrderDeskService
}) {
  const { db, clock } = deps

  return {
    /** GET /admin/users: up to 25 people whose name or mobile number holds the text. */
    async search(q: string, role?: Role): Promise<UserSearch> {
      const digits = q.replace(/[\s\-()]/g, '')
      const byMobile = /^\+?\d{2,}$/.test(digits)
        ? ilike(users.mobile, contains(digits.replace(/^\+/, '')))
        : undefined
      const rows = await db
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
            or(ilike(users.fullName, contains(q)), byMobile),
            role ? eq(users.role, role) : undefined,
          ),
        )
        .orderBy(asc(users.fullName), asc(users.id))
        .limit(25)
      return { data: rows.map((r) => ({ ...r, market: r.market as Market })) }
    },

    /** GET /admin/users/:id/overview */
    async overview(viewer: { userId: number; role: Role }, id: number): Promise<UserOverview> {
      const user = await deps.auth.me(id).catch(() => {
        throw new DomainError('NOT_FOUND', 'User not found')
      })
      const [kyc] = await db
        .select({
          id: kycApplications.id,
          state: kycApplications.state,
          submittedAt: kycApplications.submittedAt,
        })
        .from(kycApplications)
        .where(eq(kycApplications.userId, id))
        .orderBy(desc(kycApplications.id))
        .limit(1)
      const [credits, orders, vouchers, transactions] = await Promise.all([
        deps.credit.credits(id),
        deps.desk.list(viewer, { user_id: id, limit: 20 }),
        deps.counter.myVouchers(id),
        deps.counter.mine(id),
      ])
      return {
        user,
        credits,
        kyc: kyc
          ? {
              application_id: kyc.id,
              state: kyc.state,
              submitted_at: kyc.submittedAt?.toISOString() ?? null,
            }
          : null,
        orders: orders.data,
        vouchers,
        transactions,
      }
    },

    /** POST /admin/users/:id/suspend and /reactivate, audited with who did it. */
    async setSuspended(actorUserId: number, id: number, suspended: boolean) {
      if (actorUserId === id)
        throw new DomainError('FORBIDDEN', 'You cannot suspend your own account')
      const [before] = await db.select({ status: users.status }).from(users).where(eq(users.id, id))
      const user = await deps.auth.setSuspended(id, suspended)
      await db.insert(auditLog).values({
        actorUserId,
        action: suspended ? 'user.suspend' : 'user.reactivate',
        subjectType: 'user',
        subjectId: id,
        before: { status: before?.status ?? null },
        after: { status: user.status },
        createdAt: clock.now(),
      })
      return user
    },

    /**
     * PUT /admin/users/:id/staff: a staff member's role and branch. Only the shop's own people
     * (never a customer), never one's own (an admin cannot lock themselves out); their sessions
     * end, so the new role holds from their next login everywhere.
     */
    async assign(actorUserId: number, id: number, input: StaffAssignment) {
      if (actorUserId === id) throw new DomainError('FORBIDDEN', 'You cannot change your own role')
      const now = clock.now()
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ role: users.role, branchId: users.staffBranchId })
          .from(users)
          .where(eq(users.id, id))
          .for('update')
        if (!before || before.role === 'customer')
          throw new DomainError('NOT_FOUND', 'Staff member not found')
        const branchId = input.role === 'staff' ? input.branch_id : null
        if (branchId !== null) {
          const [branch] = await tx
            .select({ id: branches.id })
            .from(branches)
            .where(eq(branches.id, branchId))
          if (!branch)
            throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
              extra: { errors: [{ field: 'branch_id', message: 'validation.branchRequired' }] },
            })
        }
        await tx
          .update(users)
          .set({ role: input.role, staffBranchId: branchId, tokensValidAfter: now })
          .where(eq(users.id, id))
        await deps.auth.revokeSessions(tx, id, 'role_changed', now)
        await tx.insert(auditLog).values({
          actorUserId,
          action: 'user.assign',
          subjectType: 'user',
          subjectId: id,
          before: { role: before.role, staff_branch_id: before.branchId },
          after: { role: input.role, staff_branch_id: branchId },
          createdAt: now,
        })
      })
      return deps.auth.me(id)
    },
  }
}
export type UserDeskService = ReturnType<typeof createUserDeskService>
