import type { Db } from '@padi/db/client'
import {
  availableMinor,
  isSpendable,
  outstanding,
  shortfallMinor,
  totalDueMinor,
} from '@padi/domain/credit/credit-line'
import { nextLateFee } from '@padi/domain/credit/late-fee'
import type { CreditRecord } from '@padi/domain/credit/credit-schemas'
import { DomainError } from '@padi/domain/errors'
import { formatMoney, type Money } from '@padi/domain/money'
import { type Currency } from '@padi/domain/markets'
import type { Clock } from '../../clock.ts'
import { createCreditRepository, type CreditLineRow } from './credit.repository.ts'

function money(amountMinor: number, currency: Currency): Money {
  return { amount_minor: amountMinor, currency }
}

export function creditRecord(line: CreditLineRow, now: Date): CreditRecord {
  const owed = outstanding(line)
  const m = (n: number) => money(n, line.currency)
  // docs/product/credit.md (Late fees): the farmer sees the next fee before it is added.
  const preview = nextLateFee(line, now)
  return {
    id: line.id,
    state: line.state,
    is_suspended: line.state === 'suspended',
    approved_credits: m(line.approvedMinor),
    utilised_credits: m(line.utilisedMinor),
    available_credits: m(availableMinor(line)),
    outstanding: {
      principal: m(owed.principalMinor),
      interest: m(owed.interestMinor),
      late_fee: m(owed.lateFeeMinor),
      total: m(owed.totalMinor),
    },
    due_at: line.dueAt?.toISOString() ?? null,
    expires_at: line.expiresAt.toISOString(),
    overdue_account: { total_due: m(totalDueMinor(line, now)) },
    planting_on: line.plantingOn,
    harvest_on: line.harvestOn,
    late_fee_preview: preview ? { at: preview.at.toISOString(), fee: m(preview.feeMinor) } : null,
  }
}

/** docs/product/orders-and-payments.md: no usable line, or how much more the payment needs. */
function refusalOf(
  line: CreditLineRow | null,
  args: { currency: Currency; amountMinor: number },
  at: Date,
): DomainError {
  if (!line || !isSpendable(line, at) || line.currency !== args.currency)
    // docs/product/credit.md (Application statuses): a suspended or expired line says so.
    return new DomainError('CREDIT_UNAVAILABLE', 'No active credit line to pay with', {
      extra: {
        reason: !line
          ? 'none'
          : line.currency !== args.currency
            ? 'currency'
            : line.state === 'active'
              ? 'expired'
              : line.state,
      },
    })
  const shortfall = shortfallMinor(line, args.amountMinor)
  return new DomainError('CREDIT_INSUFFICIENT', 'Insufficient credit balance', {
    extra: {
      shortfall: money(shortfall, line.currency),
      detail: `You need an additional ${formatMoney(shortfall, line.currency)} to complete this payment`,
    },
  })
}

export function createCreditService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps
  return {
    /** GET /me/credits: the customer's lines, newest (the one in use) first. */
    /**
     * The line an order would be paid from (the newest), or null; read inside the caller's
     * transaction when `tx` is given.
     */
    currentLine(userId: number, tx: Db = db): Promise<CreditLineRow | null> {
      return createCreditRepository(tx).currentLine(userId)
    },

    async credits(userId: number): Promise<CreditRecord[]> {
      const now = clock.now()
      const lines = await createCreditRepository(db).linesOf(userId)
      return lines.map((line) => creditRecord(line, now))
    },

    /**
     * docs/product/orders-and-payments.md: pays `amountMinor` from the customer's line, inside the
     * caller's transaction (`tx`), so the debit, its ledger entry and the order commit together or
     * not at all. Refuses with the reason, and for too little credit with the additional amount
     * needed in the line's currency.
     */
    async charge(
      tx: Db,
      args: { userId: number; currency: Currency; amountMinor: number; orderId: number | null },
    ) {
      if (!Number.isSafeInteger(args.amountMinor) || args.amountMinor <= 0)
        throw new RangeError('a charge is a positive whole number of minor units')
      const repo = createCreditRepository(tx)
      const at = clock.now()
      let line: CreditLineRow | null = null
      // A second try only when the line looked sufficient after the first refusal (a repayment
      // landed in between); the guard, not this read, decides.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const done = await repo.debit({ ...args, at })
        if (done) return done
        line = await repo.currentLine(args.userId)
        if (!line || shortfallMinor(line, args.amountMinor) > 0) break
      }
      throw refusalOf(line, args, at)
    },

    /**
     * Why a debit was refused, from the line as it is now (ADR 040: the order's statement was
     * refused by the guard); null when the line would now cover it (a repayment landed since).
     */
    async refusal(args: {
      userId: number
      currency: Currency
      amountMinor: number
    }): Promise<DomainError | null> {
      const at = clock.now()
      const line = await createCreditRepository(db).currentLine(args.userId)
      if (line && isSpendable(line, at) && line.currency === args.currency)
        if (shortfallMinor(line, args.amountMinor) === 0) return null
      return refusalOf(line, args, at)
    },
  }
}
export type CreditService = ReturnType<typeof createCreditService>
