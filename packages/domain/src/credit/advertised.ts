import type { Currency, Market } from '../markets.ts'

/**
 * docs/product/credit.md: the advertised credit is up to RM1,000 per hectare; the Thai pages advertise
 * 35,000 baht. The spec gives no area for the baht figure, so it is shown as a ceiling for the
 * whole credit line (ADR 010).
 */
export const ADVERTISED_CREDIT: Record<
  Market,
  { amountMinor: number; currency: Currency; perHectare: boolean }
> = {
  MY: { amountMinor: 1_000_00, currency: 'MYR', perHectare: true },
  TH: { amountMinor: 35_000_00, currency: 'THB', perHectare: false },
}
