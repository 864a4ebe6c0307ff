import { z } from 'zod'
import { CURRENCIES, MARKETS } from './markets.ts'

export const CurrencySchema = z.enum(CURRENCIES)
export const MarketSchema = z.enum(MARKETS)

export const MoneySchema = z.object({
  amount_minor: z.number().int(),
  currency: CurrencySchema,
})
