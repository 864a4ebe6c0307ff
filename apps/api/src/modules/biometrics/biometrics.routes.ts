import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LocaleSchema } from '@padi/domain/i18n/locale-schemas'
import { textLine } from '@padi/domain/input-schemas'
import {
  BiometricDeviceSchema,
  BiometricDevicesSchema,
  CeremonyOptionsSchema,
  RegisterDeviceSchema,
  RegistrationOptionsRequestSchema,
} from '@padi/domain/payment/biometric-schemas'
import { ErrorResponseSchema } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { BiometricsService } from './biometrics.service.ts'

/** An error answer with what it means on this operation: its codes and the rule behind each. */
const refusal = (description: string) => ErrorResponseSchema.describe(description)

/** The answers every operation here gives for the session and the request rate. */
const SESSION = {
  401: refusal(
    'UNAUTHENTICATED (no bearer token), TOKEN_INVALID or SESSION_REVOKED: log in again.',
  ),
  429: refusal('RATE_LIMITED: too many requests; Retry-After says how long to wait.'),
}
const SUSPENDED = 'ACCOUNT_SUSPENDED: the account is suspended.'
const LOCKED = refusal(
  'PIN_LOCKED: five wrong PINs in a row (at checkout, changing the PIN or adding a device) locked payment for 30 minutes; adding a device is refused too, whatever the proof. locked_until and Retry-After say until when.',
)

/**
 * docs/product/orders-and-payments.md (Biometrics): the devices a customer pays with. Adding one
 * needs the account holder's proof, the PIN or a code by SMS (ADR 060, docs/security.md row 56).
 */
export const biometricsRoutes: FastifyPluginAsync<{
  biometrics: BiometricsService
  guards: Guards
  rateLimitMax: number
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { biometrics } = opts
  const common = {
    tags: ['payment'],
    security: [{ bearer: [] }],
  }
  const limited = { rateLimit: { max: opts.rateLimitMax, timeWindow: 60_000 } }

  r.get(
    '/me/biometrics',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'The devices the customer registered to pay with biometrics',
        description:
          'Newest first, with what adding one more needs now: proof "pin" (the payment PIN) or, when no PIN is set, "sms_code" (a code from POST /me/biometrics/code). While the PIN is locked, pin_locked_until says until when adding a device and paying by device are refused.',
        operationId: 'listMyBiometricDevices',
        response: {
          200: BiometricDevicesSchema.describe('The devices, the proof adding one needs, the lock'),
          ...SESSION,
          403: refusal(SUSPENDED),
        },
      },
    },
    async (request) => biometrics.devices(request.auth!.userId),
  )

  r.post(
    '/me/biometrics/code',
    {
      onRequest: opts.guards.authenticate,
      config: limited,
      schema: {
        ...common,
        summary: 'Send a code by SMS to add a device, where no payment PIN is set',
        description:
          'ADR 060: adding a device to pay with needs proof that the account holder is there. With a payment PIN set, the PIN is that proof and no code is sent. Without one, a 6-digit code goes by SMS to the account’s own mobile number (in locale, else in the account’s SMS language), good for 10 minutes and 5 tries, with the sending limits of every code. Send the ids answered here and the code to POST /me/biometrics/options.',
        operationId: 'sendBiometricDeviceCode',
        querystring: z.object({ locale: LocaleSchema.optional() }),
        response: {
          200: z
            .object({
              message: z.string(),
              preAuthSessionId: z.string(),
              deviceId: z.string(),
            })
            .describe('The code was sent; these ids go back with it'),
          400: refusal('VALIDATION_FAILED: locale is not en, bm or th.'),
          ...SESSION,
          403: refusal(
            `STEP_UP_REQUIRED with needs "pin": a payment PIN is set, so the PIN is the proof (send it to POST /me/biometrics/options). ${SUSPENDED}`,
          ),
          423: LOCKED,
          429: refusal(
            'OTP_COOLDOWN: a code was sent to this number less than a minute ago. OTP_SEND_LIMIT: too many codes for this number, this client or overall. RATE_LIMITED: too many requests. Retry-After says how long to wait.',
          ),
        },
      },
    },
    async (request) =>
      biometrics.sendCode(request.auth!.userId, {
        clientIp: request.clientIp,
        locale: request.query.locale,
      }),
  )

  r.post(
    '/me/biometrics/options',
    {
      onRequest: opts.guards.authenticate,
      config: limited,
      schema: {
        ...common,
        summary: 'Options to register this device (navigator.credentials.create), with the PIN',
        description:
          'ADR 060, docs/security.md row 56: a device added can spend the credit line, so the account holder proves they are there: pin, the current payment PIN, or, only where no PIN is set, code: the ids from POST /me/biometrics/code with the code from the SMS. The PIN is judged as at checkout, one try at a time under its lock: a wrong one counts towards the same lock (5 in a row lock payment and adding devices for 30 minutes), a right one sets the count back to zero. The challenge answered is made only after the proof and kept with it; it is good once, for 5 minutes, and POST /me/biometrics needs it. User verification is required; the device prompt times out after 60 s.',
        operationId: 'biometricRegistrationOptions',
        // No body at all is no proof either: 403 STEP_UP_REQUIRED, as for {}.
        body: RegistrationOptionsRequestSchema.nullish(),
        response: {
          200: CeremonyOptionsSchema.describe('Options for navigator.credentials.create()'),
          400: refusal(
            'VALIDATION_FAILED: a PIN that is not 6 digits, malformed code ids, or both pin and code. OTP_INVALID (with attemptsLeft): the code is wrong, used or not this account’s. OTP_EXPIRED, OTP_EXHAUSTED: ask for a new code.',
          ),
          ...SESSION,
          403: refusal(
            `STEP_UP_REQUIRED: no proof, or not the one this account needs; needs says which ("pin", or "sms_code" when no PIN is set). PIN_INVALID (with attempts_left): the PIN is wrong, and the try counted. ${SUSPENDED}`,
          ),
          423: LOCKED,
        },
      },
    },
    async (request) => biometrics.registrationOptions(request.auth!.userId, request.body ?? {}),
  )

  r.post(
    '/me/biometrics',
    {
      onRequest: opts.guards.authenticate,
      config: limited,
      schema: {
        ...common,
        summary: 'Register this device with its answer to the registration options',
        description:
          'The answer must be to a challenge from POST /me/biometrics/options (made after the PIN or the SMS code), unused and unexpired, made on one of our origins, with the user verified. The customer is then told by SMS, in their language, which device was added and when, and to remove it in Settings and call their branch if it was not them.',
        operationId: 'registerBiometricDevice',
        body: RegisterDeviceSchema,
        response: {
          201: BiometricDeviceSchema.describe('The device, added'),
          400: refusal('VALIDATION_FAILED: the label or the answer is malformed.'),
          ...SESSION,
          403: refusal(
            `BIOMETRIC_FAILED: the answer is not to a live registration challenge of this customer (replayed, expired, made without a proof), was made on another site, or the user was not verified. ${SUSPENDED}`,
          ),
          409: refusal('CONFLICT: this device is registered already.'),
          423: LOCKED,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await biometrics.register(request.auth!.userId, request.body)),
  )

  r.delete(
    '/me/biometrics/:id',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...common,
        summary: 'Remove a registered device',
        description:
          'The device no longer pays. Removing needs no PIN: it takes a way to pay away, never adds one (the customer told by SMS of a device they did not add removes it here).',
        operationId: 'removeBiometricDevice',
        params: z.object({ id: textLine().min(1).max(1024) }),
        response: {
          204: z.null().describe('Removed'),
          400: refusal('VALIDATION_FAILED: the id is malformed.'),
          ...SESSION,
          403: refusal(SUSPENDED),
          404: refusal('NOT_FOUND: this customer has no such device.'),
        },
      },
    },
    async (request, reply) => {
      await biometrics.remove(request.auth!.userId, request.params.id)
      return reply.status(204).send(null)
    },
  )
}
