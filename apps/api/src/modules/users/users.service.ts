import type { Db } from '@padi/db/client'
import type { User } from '@padi/domain/auth/user-schema'
import { DomainError } from '@padi/domain/errors'
import type { AuthService } from '../auth/auth.service.ts'
import { createUsersRepository } from './users.repository.ts'

/** What a branch counter sees of a customer it looks up: enough to serve them, no more. */
export type CounterCustomer = {
  id: number
  full_name: string
  mobile: string
  status: string
  kyc_status: string | null
}

/**
 * The use cases staff, finance and admin have on other people's accounts (docs/product/accounts.md:
 * permissions). Routes call this, never another module's repository; suspending goes through the
 * auth service, which ends the user's sessions with it.
 */
export function createUsersService({ db, auth }: { db: Db; auth: AuthService }) {
  return {
    /** A customer by mobile number; staff and pending sign-ups are not customers to the counter. */
    async customerByMobile(mobile: string): Promise<CounterCustomer> {
      const user = await auth.userByMobile(mobile)
      if (!user || user.role !== 'customer' || user.status === 'pending') {
        throw new DomainError('NOT_FOUND', 'Customer not found')
      }
      return {
        id: user.id,
        full_name: user.fullName,
        mobile: user.mobile,
        status: user.status,
        kyc_status: user.kycStatus,
      }
    },

    /** Any account, as its owner would see it. */
    get(id: number): Promise<User> {
      return auth.me(id)
    },

    /**
     * docs/product/credit.md (Keeping KYC data): an admin puts a farmer under a legal hold (an AMLA
     * report, an investigation), which keeps their KYC data six years from now, or lifts it.
     * Written to the audit log.
     */
    async setLegalHold(actorUserId: number, id: number, hold: boolean, at: Date) {
      return db.transaction(async (tx) => {
        const repo = createUsersRepository(tx)
        const before = await repo.lockLegalHold(id)
        if (!before || before.role !== 'customer')
          throw new DomainError('NOT_FOUND', 'Customer not found')
        const legalHoldAt = hold ? at : null
        await repo.setLegalHold(id, legalHoldAt)
        await repo.insertAuditEntry({
          actorUserId,
          action: hold ? 'user.legal_hold' : 'user.legal_hold_lifted',
          subjectType: 'user',
          subjectId: id,
          before: { legal_hold_at: before.legalHoldAt?.toISOString() ?? null },
          after: { legal_hold_at: legalHoldAt?.toISOString() ?? null },
          createdAt: at,
        })
        return { legal_hold_at: legalHoldAt?.toISOString() ?? null }
      })
    },

    /** Suspends (ending every session) or reactivates an account. */
    setSuspended(id: number, suspended: boolean): Promise<User> {
      return auth.setSuspended(id, suspended)
    },
  }
}
export type UsersService = ReturnType<typeof createUsersService>
