import { z } from 'zod'
import { textLine } from '../input-schemas.ts'

/**
 * docs/product/branches-and-contact.md: interest payload (email, full_name, postcode, area, district). Messages are catalogue
 * keys so every language shows its own text (docs/product/branches-and-contact.md: errors as in docs/product/errors.md).
 */
export const PostcodeSchema = z
  .string({ error: 'validation.postcodeRequired' })
  .trim()
  .min(1, 'validation.postcodeRequired')
  .regex(/^\d{5}$/, 'validation.postcodeDigits')

export const InterestSchema = z.object({
  email: textLine({ error: 'validation.emailRequired' })
    .trim()
    .min(1, 'validation.emailRequired')
    .max(254, 'validation.emailInvalid')
    .pipe(z.email('validation.emailInvalid')),
  full_name: textLine({ error: 'validation.fullNameRequired' })
    .trim()
    .min(1, 'validation.fullNameRequired')
    .max(120, 'validation.fullNameTooLong'),
  postcode: PostcodeSchema,
  area: textLine({ error: 'validation.areaRequired' })
    .trim()
    .min(1, 'validation.areaRequired')
    .max(100, 'validation.textTooLong'),
  district: textLine({ error: 'validation.districtRequired' })
    .trim()
    .min(1, 'validation.districtRequired')
    .max(100, 'validation.textTooLong'),
})
export type Interest = z.infer<typeof InterestSchema>
