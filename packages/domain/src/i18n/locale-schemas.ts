import { z } from 'zod'
import { LOCALES } from './locales.ts'

export const LocaleSchema = z.enum(LOCALES)

export const LocalizedTextSchema = z.object({
  en: z.string(),
  bm: z.string().optional(),
  th: z.string().optional(),
})
