import type { Db } from '@padi/db/client'
import { MARKET_CURRENCY, type Market } from '@padi/domain/markets'
import { startOfDay } from '@padi/domain/credit/farmer-calendar'
import { DomainError } from '@padi/domain/errors'
import type { OtpService } from '../auth/otp.service.ts'
import { createDevRepository } from './dev.repository.ts'

/** docs/product/demo-mode.md: what demo mode adds, for people trying the shop and browser tests. */
export function createDevService(deps: { db: Db; otp: Pick<OtpService, 'outboxText'> }) {
  const { db, otp } = deps
  const repo = createDevRepository(db)
  return {
    /** The SMS kept instead of sent to one number, newest first; a code's text once it is gone is null. */
    async outbox(to: string, limit: number) {
      const rows = await repo.outboxOf(to, limit)
      return rows.map((r) => ({
        to: r.to,
        body: otp.outboxText(r),
        purpose: r.purpose,
        status: r.status,
        created_at: r.createdAt.toISOString(),
      }))
    },

    /** An active (or suspended) line for a customer who has none, without finance's review. */
    async grantCreditLine(input: {
      mobile: string
      amount_minor: number
      planting_on?: string | undefined
      harvest_on?: string | undefined
      state: 'active' | 'suspended'
    }) {
      const user = await repo.userByMobile(input.mobile)
      if (!user || user.role !== 'customer')
        throw new DomainError('NOT_FOUND', 'Customer not found')
      const existing = await repo.anyCreditLineOf(user.id)
      if (existing) throw new DomainError('CONFLICT', 'This customer already has a credit line')
      const currency = MARKET_CURRENCY[user.market as Market]
      const harvestOn = input.harvest_on
      const line = await repo.insertCreditLine({
        userId: user.id,
        currency,
        approvedMinor: input.amount_minor,
        state: input.state,
        plantingOn: input.planting_on,
        harvest: harvestOn ? { harvestOn, dueAt: startOfDay(harvestOn, currency) } : undefined,
      })
      return { id: line.id }
    },
  }
}
export type DevService = ReturnType<typeof createDevService>
