import { z } from 'zod'
import { OpaqueIdSchema } from '../auth/schemas.ts'
import { PinSchema } from '../credit/credit-schemas.ts'
import { textLine } from '../input-schemas.ts'

/** docs/product/orders-and-payments.md (Biometrics): a device prompt gives up after 60 seconds. */
export const BIOMETRIC_TIMEOUT_MS = 60_000
/** A challenge is good for one use within 5 minutes. */
export const BIOMETRIC_CHALLENGE_TTL_MS = 5 * 60_000

const Base64Url = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'validation.invalid')

/** What the browser's navigator.credentials.create() gave, as JSON (WebAuthn Level 3). */
export const RegistrationResponseSchema = z
  .object({
    id: Base64Url,
    rawId: Base64Url,
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: Base64Url,
      attestationObject: Base64Url.max(16_384),
      transports: z.array(textLine().max(32)).max(10).optional(),
      authenticatorData: Base64Url.optional(),
      publicKey: Base64Url.optional(),
      // A COSE algorithm id (-7 is ES256): 16 bits either way, as IANA's registry assigns them.
      publicKeyAlgorithm: z.number().int().min(-65_536).max(65_535).optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  })
  .meta({ id: 'WebAuthnRegistrationResponse' })
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>

/** What the browser's navigator.credentials.get() gave, as JSON. */
export const AuthenticationResponseSchema = z
  .object({
    id: Base64Url,
    rawId: Base64Url,
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: Base64Url,
      authenticatorData: Base64Url,
      signature: Base64Url,
      userHandle: Base64Url.optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  })
  .meta({ id: 'WebAuthnAuthenticationResponse' })
export type AuthenticationResponse = z.infer<typeof AuthenticationResponseSchema>

export const RegisterDeviceSchema = z.object({
  label: textLine().trim().min(1).max(60),
  response: RegistrationResponseSchema,
})

/**
 * docs/product/orders-and-payments.md (Biometrics), ADR 060: what proves the account holder is
 * there when a device is added: the current payment PIN, or, where no PIN is set, the code sent
 * by SMS to the account's own mobile (POST /me/biometrics/code). One of the two.
 */
export const DEVICE_PROOFS = ['pin', 'sms_code'] as const
export type DeviceProof = (typeof DEVICE_PROOFS)[number]

export const SmsCodeProofSchema = z
  .object({
    preAuthSessionId: OpaqueIdSchema,
    deviceId: OpaqueIdSchema,
    userInputCode: z.string().regex(/^\d{6}$/, 'validation.invalid'),
  })
  .meta({ id: 'DeviceSmsCodeProof' })

export const RegistrationOptionsRequestSchema = z
  .object({
    pin: PinSchema.optional().describe(
      'The current payment PIN. Counts towards the same lock as payment: 5 wrong in a row lock payment and adding devices for 30 minutes.',
    ),
    code: SmsCodeProofSchema.optional().describe(
      'Only where no PIN is set: the ids POST /me/biometrics/code answered and the code from the SMS.',
    ),
  })
  .refine((b) => !(b.pin && b.code), { message: 'validation.invalid', path: ['code'] })
  .meta({ id: 'BiometricRegistrationProof' })
export type RegistrationOptionsRequest = z.infer<typeof RegistrationOptionsRequestSchema>

export const BiometricDeviceSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'BiometricDevice' })
export type BiometricDevice = z.infer<typeof BiometricDeviceSchema>

/** GET /me/biometrics: the devices, and what adding one needs now. */
export const BiometricDevicesSchema = z
  .object({
    data: z.array(BiometricDeviceSchema),
    proof: z
      .enum(DEVICE_PROOFS)
      .describe('What adding a device needs: the payment PIN, or (no PIN set) a code by SMS'),
    pin_locked_until: z
      .string()
      .nullable()
      .describe('While the PIN is locked, adding a device and paying by device are refused too'),
  })
  .meta({ id: 'BiometricDevices' })
export type BiometricDevices = z.infer<typeof BiometricDevicesSchema>

/** Options for navigator.credentials.create()/get() as JSON, passed to the browser unchanged. */
export const CeremonyOptionsSchema = z
  .object({ challenge: z.string() })
  .catchall(z.unknown())
  .meta({ id: 'WebAuthnOptions' })
export type CeremonyOptions = z.infer<typeof CeremonyOptionsSchema>
