import { z } from 'zod'

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
      transports: z.array(z.string().max(32)).max(10).optional(),
      authenticatorData: Base64Url.optional(),
      publicKey: Base64Url.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  })
  .meta({ id: 'WebAuthnRegistrationResponse' })

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
  label: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[^\p{Cc}]*$/u, 'validation.invalid'),
  response: RegistrationResponseSchema,
})

export const BiometricDeviceSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'BiometricDevice' })
export type BiometricDevice = z.infer<typeof BiometricDeviceSchema>

/** Options for navigator.credentials.create()/get() as JSON, passed to the browser unchanged. */
export const CeremonyOptionsSchema = z
  .object({ challenge: z.string() })
  .catchall(z.unknown())
  .meta({ id: 'WebAuthnOptions' })
export type CeremonyOptions = z.infer<typeof CeremonyOptionsSchema>
