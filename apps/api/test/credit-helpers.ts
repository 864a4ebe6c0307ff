import type { Currency } from '@padi/domain/markets'
import { createCreditService } from '../src/modules/credit/credit.service.ts'
import { systemClock } from '../src/clock.ts'
import { bearer } from './auth-helpers.ts'
import type { TestApp } from './test-app.ts'

/**
 * The logged-in customer has used `amountMinor` of their line (a purchase charged as an order
 * would be); answers the line's id, for tests of what is repaid.
 */
export async function useCredit(
  t: TestApp,
  token: string,
  currency: Currency,
  amountMinor: number,
): Promise<number> {
  const me = (await t.app.inject({ url: '/api/v1/me', headers: bearer(token) })).json()
  const credit = createCreditService({ db: t.db.db, clock: systemClock })
  await t.db.db.transaction((tx) =>
    credit.charge(tx, { userId: me.id, currency, amountMinor, orderId: null }),
  )
  return (await credit.currentLine(me.id))!.id
}
