import { z } from 'zod'
import { textLine } from '../input-schemas.ts'
import { MarketSchema } from '../money-schemas.ts'
import { LocalizedTextSchema } from '../i18n/locale-schemas.ts'

const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)

/** Opening hours per weekday (0 = Sunday); null means closed that day. */
export const OpeningHoursSchema = z
  .array(z.object({ open: TimeSchema, close: TimeSchema }).nullable())
  .length(7)
export type OpeningHours = z.infer<typeof OpeningHoursSchema>

export const BranchSchema = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  name: LocalizedTextSchema,
  address: LocalizedTextSchema,
  postcode: z.string(),
  district: LocalizedTextSchema,
  state: LocalizedTextSchema,
  market: MarketSchema,
  phone: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  timezone: z.string(),
  opening_hours: OpeningHoursSchema,
  is_headquarters: z.boolean(),
})
export type Branch = z.infer<typeof BranchSchema>

const AddressLine = textLine()
  .trim()
  .min(5, 'validation.addressRequired')
  .max(200, 'validation.textTooLong')

/**
 * docs/product/back-office.md (Branches): what admin edits: the phone number, the address in each
 * language, and the hours of each weekday (0 = Sunday; null: closed), opening before closing.
 */
export const BranchEditSchema = z.object({
  // Kept as E.164 (`+6049170002`): the pages format it and put it in a tel: link as it is.
  phone: textLine()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\+\d{8,15}$/, 'validation.phoneInvalid')),
  address: z.object({ en: AddressLine, bm: AddressLine, th: AddressLine }),
  opening_hours: OpeningHoursSchema.refine(
    (days) => days.every((d) => d === null || d.open < d.close),
    { message: 'validation.hoursOrder' },
  ),
})
export type BranchEdit = z.infer<typeof BranchEditSchema>
