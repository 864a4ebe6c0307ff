import type { Db } from '@padi/db/client'
import type { Role } from '@padi/domain/auth/roles'
import type { StaffAssignment, UserOverview, UserSearch } from '@padi/domain/auth/user-desk-schemas'
import { DomainError } from '@padi/domain/errors'
import type { Market } from '@padi/domain/markets'
import type { Clock } from '../../clock.ts'
import type { AuthService } from '../auth/auth.service.ts'
import type { CounterService } from '../counter/counter.service.ts'
import type { CreditService } from '../credit/credit.service.ts'
import type { OrderDeskService } from '../order-desk/order-desk.service.ts'
import { createUserDeskRepository } from './user-desk.repository.ts'

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
  const repo = createUserDeskRepository(db)

  return {
    /** GET /admin/users: up to 25 people whose name or mobile number holds the text. */
    async search(q: string, role?: Role): Promise<UserSearch> {
      const digits = q.replace(/[\s\-()]/g, '')
      const mobile = /^\+?\d{2,}$/.test(digits) ? digits.replace(/^\+/, '') : null
      const rows = await repo.search({ name: q, mobile, role, limit: 25 })
      return { data: rows.map((r) => ({ ...r, market: r.market as Market })) }
    },

    /** GET /admin/users/:id/overview */
    async overview(viewer: { userId: number; role: Role }, id: number): Promise<UserOverview> {
      const user = await deps.auth.me(id).catch(() => {
        throw new DomainError('NOT_FOUND', 'User not found')
      })
      const kyc = await repo.latestKyc(id)
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
      const before = await repo.statusOf(id)
      const user = await deps.auth.setSuspended(id, suspended)
      await repo.insertAuditEntry({
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
        const txRepo = createUserDeskRepository(tx)
        const before = await txRepo.lockRole(id)
        if (!before || before.role === 'customer')
          throw new DomainError('NOT_FOUND', 'Staff member not found')
        const branchId = input.role === 'staff' ? input.branch_id : null
        if (branchId !== null) {
          const branch = await txRepo.branchById(branchId)
          if (!branch)
            throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
              extra: { errors: [{ field: 'branch_id', message: 'validation.branchRequired' }] },
            })
        }
        await txRepo.setRole(id, input.role, branchId, now)
        await deps.auth.revokeSessions(tx, id, 'role_changed', now)
        await txRepo.insertAuditEntry({
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
