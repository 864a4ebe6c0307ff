import type { Market } from '@padi/domain/markets'
import { convertArea, roundForDisplay } from '@padi/domain/calculators/area-units'
import { LATE_FEE_PERCENT_PER_MONTH } from '@padi/domain/credit/late-fee'

// Figures the credit and terms pages show; the rules themselves live in @padi/domain/credit.

/** The percentage as the pages print it: '1.5%' in every locale. */
export const LATE_FEE_TEXT = `${LATE_FEE_PERCENT_PER_MONTH}%`

/** Worked examples: a Kedah farmer with 5 relong; a Thai farmer with 10 rai. */
export const EXAMPLE_AREA = {
  MY: { value: 5, unit: 'relong' },
  TH: { value: 10, unit: 'rai' },
} as const

export function exampleHectares(market: Market): { exact: number; shown: number } {
  const { value, unit } = EXAMPLE_AREA[market]
  const exact = convertArea(value, unit, 'hectare')
  return { exact, shown: roundForDisplay(exact, 'hectare') }
}

/** Amount still owed in the late-fee example, in minor units of the market's currency. */
export const EXAMPLE_OWED_MINOR: Record<Market, number> = { MY: 1_000_00, TH: 10_000_00 }

/** Example harvest date for the extension window (docs/product/credit.md: from 1 month before, until the date). */
export const EXAMPLE_HARVEST_DATE = '2027-01-15'
