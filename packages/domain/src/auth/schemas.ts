import { z } from 'zod'
import { INT4_MAX, textLine } from '../input-schemas.ts'
import { PostcodeSchema } from '../interest/schemas.ts'
import { normaliseMobile, PHONE_MAX_LENGTH } from './phone.ts'
import { OTP_LENGTH } from './rules.ts'

/** docs/product/accounts.md: at most 15 characters and a valid (Malaysian or Thai) number; stored in E.164. */
export const MobileSchema = textLine({ error: 'validation.mobileRequired' })
  .trim()
  .min(1, 'validation.mobileRequired')
  .max(PHONE_MAX_LENGTH + 4, 'validation.mobileInvalid')
  .transform((value, ctx) => {
    const e164 = normaliseMobile(value)
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'validation.mobileInvalid' })
      return z.NEVER
    }
    return e164
  })

/**
 * docs/product/accounts.md: at least 8 characters with both letters and numbers. A letter is any
 * script's (Thai too), which a JSON Schema pattern cannot say to every reader (`\p{L}` needs the
 * unicode flag, which some validators leave off): it is checked here and said in words in the API
 * document.
 */
export const PasswordSchema = textLine({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(8, 'validation.passwordTooShort')
  .max(128, 'validation.passwordTooLong')
  .refine((value) => /\p{L}/u.test(value), 'validation.passwordLettersDigits')
  .regex(/\d/, 'validation.passwordLettersDigits')
  .describe('8 to 128 characters, with at least one letter (of any script) and one digit')

const text = (required: string, max = 100) =>
  textLine({ error: required }).trim().min(1, required).max(max, 'validation.textTooLong')

/** docs/product/accounts.md sign-up payload, with the mobile number as the login identifier (docs/product/accounts.md). */
export const SignupSchema = z.object({
  mobile: MobileSchema,
  password: PasswordSchema,
  full_name: text('validation.fullNameRequired', 120),
  email: textLine()
    .trim()
    .max(254, 'validation.emailInvalid')
    .pipe(z.union([z.literal(''), z.email('validation.emailInvalid')]))
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  postcode: PostcodeSchema,
  area: text('validation.areaRequired'),
  district: text('validation.districtRequired'),
  // docs/product/accounts.md: sign-up converts preferred_branch to a number.
  preferred_branch: z.coerce
    .number({ error: 'validation.branchRequired' })
    .int('validation.branchRequired')
    .positive('validation.branchRequired')
    .max(INT4_MAX, 'validation.branchRequired'),
})
export type Signup = z.infer<typeof SignupSchema>

/** docs/product/accounts.md: login needs both mobile and password. Only presence is checked, not the rules. */
export const LoginSchema = z.object({
  mobile: MobileSchema,
  password: textLine({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .max(128),
})
export type Login = z.infer<typeof LoginSchema>

/** An id the API handed out (a code's session, a device): letters, digits, - and _. */
export const OpaqueIdSchema = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalid')

/** docs/product/accounts.md one-time code payload. */
export const OtpVerifySchema = z.object({
  preAuthSessionId: OpaqueIdSchema,
  deviceId: OpaqueIdSchema,
  userInputCode: z
    .string({ error: 'validation.codeRequired' })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'validation.codeFormat'),
})
export type OtpVerify = z.infer<typeof OtpVerifySchema>

export const OtpResendSchema = z.object({
  preAuthSessionId: OpaqueIdSchema,
  deviceId: OpaqueIdSchema,
})
export type OtpResend = z.infer<typeof OtpResendSchema>

export const PasswordForgotSchema = z.object({ mobile: MobileSchema })

export const PasswordResetSchema = OtpVerifySchema.extend({ password: PasswordSchema })
export type PasswordReset = z.infer<typeof PasswordResetSchema>

/** docs/product/accounts.md (settings): the profile's fields of sign-up, as the farmer edits them. */
export const ProfileSchema = SignupSchema.pick({
  full_name: true,
  email: true,
  postcode: true,
  area: true,
  district: true,
  preferred_branch: true,
})
export type Profile = z.infer<typeof ProfileSchema>

/** A new mobile number for the account: a code goes to it first. */
export const MobileChangeSchema = z.object({ mobile: MobileSchema })
