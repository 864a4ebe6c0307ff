import { z } from 'zod'
import { LocaleSchema, LocalizedTextSchema } from '../i18n/locale-schemas.ts'
import { MarketSchema } from '../money-schemas.ts'
import { KYC_STATUSES, ROLES, USER_STATUSES } from './roles.ts'

/** docs/product/accounts.md User, as GET /api/v1/me and the login answer give it, with the profile labels' values. */
export const UserSchema = z
  .object({
    id: z.number().int(),
    mobile: z.string(),
    email: z.string().nullable(),
    full_name: z.string(),
    is_active: z.boolean(),
    status: z.enum(USER_STATUSES),
    role: z.enum(ROLES),
    market: MarketSchema,
    is_pin_set: z.boolean(),
    biometric_enabled: z.boolean(),
    kyc_status: z.enum(KYC_STATUSES).nullable(),
    last_login_at: z.string().nullable(),
    preferred_branches: z.array(z.number().int()),
    can_resubmit_at: z.string().nullable(),
    staff_branch_id: z.number().int().nullable(),
    locale: LocaleSchema.describe('The language SMS notices are written in'),
    sms_reminders: z
      .boolean()
      .describe('Reminders by SMS (repayment due, order ready, delivery on its way) are on'),
    profile: z.object({
      full_name: z.string(),
      mobile_number: z.string(),
      area: z.string(),
      district: z.string(),
      state: z
        .string()
        .nullable()
        .describe('ISO 3166-2 code of the state (MY) or province (TH), found from the postcode'),
      state_name: LocalizedTextSchema.nullable().describe(
        'The state or province, named in en, bm and th',
      ),
      postal_code: z.string(),
      preferred_branch: z.object({ id: z.number().int(), name: LocalizedTextSchema }).nullable(),
      joined_at: z.string(),
      last_login_at: z.string().nullable(),
      account_status: z.enum(USER_STATUSES),
    }),
  })
  .meta({ id: 'User' })
export type User = z.infer<typeof UserSchema>
