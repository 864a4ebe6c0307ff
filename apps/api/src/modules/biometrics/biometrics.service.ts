import type * as SimpleWebAuthn from '@simplewebauthn/server'
import type { Db } from '@padi/db/client'
import { DomainError } from '@padi/domain/errors'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Currency } from '@padi/domain/markets'
import {
  BIOMETRIC_CHALLENGE_TTL_MS,
  BIOMETRIC_TIMEOUT_MS,
  type AuthenticationResponse,
  type BiometricDevice,
  type BiometricDevices,
  type CeremonyOptions,
  type DeviceProof,
  type RegistrationOptionsRequest,
} from '@padi/domain/payment/biometric-schemas'
import { deviceAddedParams } from '@padi/domain/payment/device-added-sms'
import type { Clock } from '../../clock.ts'
import type { OtpService } from '../auth/otp.service.ts'
import type { PinService } from '../payment/pin.service.ts'
import { createBiometricsRepository, type DeviceRow } from './biometrics.repository.ts'

let loading: Promise<typeof SimpleWebAuthn> | null = null
/**
 * The WebAuthn library, loaded at a server's first biometric ceremony rather than at its start
 * (about 18 MB of memory with its CBOR and certificate parsers; docs/performance.md, Memory), and
 * awaited before any transaction opens, so that first load never holds a lock.
 */
function simpleWebAuthn(): Promise<typeof SimpleWebAuthn> {
  loading ??= import('@simplewebauthn/server')
  return loading
}

export type WebAuthnSettings = { rpId: string; rpName: string; origins: string[] }

function failed(): DomainError {
  return new DomainError('BIOMETRIC_FAILED', 'Biometric authentication failed')
}

/** ADR 060: adding a device needs the account holder's proof, and this one is what is missing. */
function stepUp(needs: DeviceProof): DomainError {
  return new DomainError(
    'STEP_UP_REQUIRED',
    needs === 'pin'
      ? 'Enter your payment PIN to add a device to pay with'
      : 'Enter the code sent by SMS to your mobile number to add a device to pay with',
    { extra: { needs } },
  )
}

/** The challenge a browser answered, read from its clientDataJSON (checked again by the library). */
function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown
    }
    return typeof data.challenge === 'string' ? data.challenge : null
  } catch {
    return null
  }
}

/**
 * docs/product/orders-and-payments.md (Biometrics): a customer registers this device (WebAuthn,
 * user verification required) and pays with it instead of the PIN. Each challenge is made here,
 * for one purpose (and for a payment one order and amount), used once, within 5 minutes. Only
 * public keys are kept; the PIN never leaves the customer's head.
 *
 * ADR 060: a device is a way to spend the credit line, so adding one needs what paying needs: the
 * payment PIN (a try counted towards the same lock), or where no PIN is set a code sent by SMS to
 * the account's own mobile. While the PIN is locked no device is added and none pays. The
 * customer is told by SMS of every device added.
 */
export function createBiometricsService(deps: {
  db: Db
  clock: Clock
  webauthn: WebAuthnSettings
  pins: Pick<PinService, 'check' | 'state'>
  sms: Pick<OtpService, 'issue' | 'consume' | 'notice' | 'dispatch'>
  /** The name the SMS texts start with (SMS_SENDER_NAME): the device notice is sized with it. */
  smsProduct: string
}) {
  const { db, clock, webauthn, pins, sms } = deps

  async function devicesOf(tx: Db, userId: number): Promise<DeviceRow[]> {
    return createBiometricsRepository(tx).devicesOf(userId)
  }

  const expiry = () => new Date(clock.now().getTime() + BIOMETRIC_CHALLENGE_TTL_MS)

  /**
   * The challenge a browser answered, if it is this customer's, for this purpose, unused and
   * unexpired: taken under its row lock, so it can be used once (marked in the same transaction).
   */
  async function openChallenge(
    tx: Db,
    userId: number,
    purpose: 'register' | 'payment',
    answer: { clientDataJSON: string },
  ) {
    const challenge = answeredChallenge(answer.clientDataJSON)
    if (!challenge) throw failed()
    const row = await createBiometricsRepository(tx).lockOpenChallenge({
      challenge,
      userId,
      purpose,
      at: clock.now(),
    })
    if (!row) throw failed()
    return row
  }

  /**
   * ADR 060: the account holder's proof for adding a device, judged inside the caller's
   * transaction; answers the refusal (to be thrown after the commit, so that a wrong PIN's or
   * code's count stays) or null. A locked PIN refuses whatever the proof; with a PIN set only the
   * PIN is accepted (a code by SMS is for accounts without one).
   */
  async function judgeProof(
    tx: Db,
    userId: number,
    proof: RegistrationOptionsRequest,
  ): Promise<DomainError | null> {
    const pin = await pins.state(tx, userId, { lock: true })
    if (pin.refusal) return pin.refusal
    if (pin.isSet) return proof.pin ? pins.check(tx, userId, proof.pin) : stepUp('pin')
    if (!proof.code) return stepUp('sms_code')
    const consumed = await sms.consume(tx, {
      preAuthSessionId: proof.code.preAuthSessionId,
      deviceId: proof.code.deviceId,
      code: proof.code.userInputCode,
      purpose: 'device_add',
    })
    if (!consumed.ok) return consumed.failure
    // A code sent for another account is no proof for this one.
    if (consumed.challenge.userId !== userId)
      return new DomainError('OTP_INVALID', 'The verification code is not valid')
    return null
  }

  return {
    /** The devices, and what adding one needs now (the PIN, or a code by SMS; the lock). */
    async devices(userId: number): Promise<BiometricDevices> {
      const [list, pin] = await Promise.all([
        devicesOf(db, userId),
        pins.state(db, userId, { lock: false }),
      ])
      return {
        data: list.map((c) => ({
          id: c.id,
          label: c.label,
          created_at: c.createdAt.toISOString(),
          last_used_at: c.lastUsedAt?.toISOString() ?? null,
        })),
        proof: pin.isSet ? 'pin' : 'sms_code',
        pin_locked_until: pin.lockedUntil?.toISOString() ?? null,
      }
    },

    /**
     * ADR 060: where no PIN is set, the proof for adding a device is a code sent by SMS to the
     * account's own mobile (the same limits as every code). With a PIN set, the PIN is the proof.
     */
    async sendCode(userId: number, ctx: { clientIp: string; locale: Locale | undefined }) {
      const result = await db.transaction(async (tx) => {
        const user = await createBiometricsRepository(tx).userForCode(userId)
        if (!user) throw new DomainError('NOT_FOUND', 'User not found')
        const pin = await pins.state(tx, userId, { lock: false })
        if (pin.refusal) throw pin.refusal
        if (pin.isSet) throw stepUp('pin')
        return sms.issue(tx, {
          purpose: 'device_add',
          mobile: user.mobile,
          userId,
          ctx: { clientIp: ctx.clientIp, locale: ctx.locale ?? user.locale },
        })
      })
      sms.dispatch(result.pending)
      return {
        message: 'A code was sent by SMS to your mobile number.',
        preAuthSessionId: result.preAuthSessionId,
        deviceId: result.deviceId,
      }
    },

    /**
     * Options to register this device, made only once the account holder proved they are there,
     * in the same transaction as the proof: the PIN judged under its row's lock (a wrong one
     * counts towards the lock, and the count is committed before the refusal), or the SMS code
     * used up. The challenge is kept with the proof that made it; registering needs it.
     */
    async registrationOptions(
      userId: number,
      proof: RegistrationOptionsRequest,
    ): Promise<CeremonyOptions> {
      const { generateRegistrationOptions } = await simpleWebAuthn()
      const outcome = await db.transaction(async (tx) => {
        const txRepo = createBiometricsRepository(tx)
        const user = await txRepo.userForRegistration(userId)
        if (!user) throw new DomainError('NOT_FOUND', 'User not found')
        const refusal = await judgeProof(tx, userId, proof)
        if (refusal) return { refusal }
        const existing = await devicesOf(tx, userId)
        const options = await generateRegistrationOptions({
          rpName: webauthn.rpName,
          rpID: webauthn.rpId,
          userName: user.mobile,
          userDisplayName: user.fullName,
          userID: new TextEncoder().encode(`user-${userId}`),
          timeout: BIOMETRIC_TIMEOUT_MS,
          attestationType: 'none',
          excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
          authenticatorSelection: {
            residentKey: 'preferred',
            userVerification: 'required',
            authenticatorAttachment: 'platform',
          },
        })
        await txRepo.insertChallenge({
          userId,
          purpose: 'register',
          challenge: options.challenge,
          expiresAt: expiry(),
          proof: proof.pin ? 'pin' : 'sms_code',
        })
        return { options }
      })
      if ('refusal' in outcome) throw outcome.refusal
      return { ...outcome.options }
    },

    async register(
      userId: number,
      input: {
        label: string
        response: Parameters<typeof SimpleWebAuthn.verifyRegistrationResponse>[0]['response']
      },
    ): Promise<BiometricDevice> {
      const { verifyRegistrationResponse } = await simpleWebAuthn()
      const { device, pending } = await db.transaction(async (tx) => {
        // ADR 060: refused while the PIN is locked, even with a challenge made before the lock.
        const pin = await pins.state(tx, userId, { lock: true })
        if (pin.refusal) throw pin.refusal
        const row = await openChallenge(tx, userId, 'register', input.response.response)
        let verification
        try {
          verification = await verifyRegistrationResponse({
            response: input.response,
            expectedChallenge: row.challenge,
            expectedOrigin: webauthn.origins,
            expectedRPID: webauthn.rpId,
            requireUserVerification: true,
          })
        } catch {
          throw failed()
        }
        if (!verification.verified) throw failed()
        const { credential } = verification.registrationInfo
        const now = clock.now()
        const txRepo = createBiometricsRepository(tx)
        await txRepo.markChallengeUsed(row.id, now)
        const saved = await txRepo.insertDevice({
          id: credential.id,
          userId,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          label: input.label,
          createdAt: now,
        })
        if (!saved) throw new DomainError('CONFLICT', 'This device is already registered')
        const user = await txRepo.enableBiometric(userId)
        // docs/product/notices.md: the customer is told at once, in their language, which device
        // was added and when; sent after the commit, so a refused registration says nothing.
        const notice = await sms.notice(tx, {
          to: user.mobile,
          notice: 'device_added',
          locale: user.locale,
          params: deviceAddedParams({
            locale: user.locale,
            label: saved.label,
            at: now,
            market: user.market === 'TH' ? 'TH' : 'MY',
            product: deps.smsProduct,
          }),
        })
        return {
          device: {
            id: saved.id,
            label: saved.label,
            created_at: saved.createdAt.toISOString(),
            last_used_at: null,
          },
          pending: notice,
        }
      })
      sms.dispatch(pending)
      return device
    },

    async remove(userId: number, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const txRepo = createBiometricsRepository(tx)
        const gone = await txRepo.deleteDevice(userId, id)
        if (gone.length === 0) throw new DomainError('NOT_FOUND', 'Device not found')
        if ((await devicesOf(tx, userId)).length === 0) await txRepo.disableBiometric(userId)
      })
    },

    /** A challenge for paying one order (its key, its body's hash and its amount) with a device. */
    async paymentOptions(
      userId: number,
      order: { key: string; requestHash: string; amountMinor: number; currency: Currency },
    ): Promise<CeremonyOptions> {
      // ADR 060: no device pays while the PIN is locked (checked again by the order's statement).
      const pin = await pins.state(db, userId, { lock: false })
      if (pin.refusal) throw pin.refusal
      const devices = await devicesOf(db, userId)
      if (devices.length === 0)
        throw new DomainError('BIOMETRIC_NOT_SET_UP', 'Set up biometric first')
      const { generateAuthenticationOptions } = await simpleWebAuthn()
      const options = await generateAuthenticationOptions({
        rpID: webauthn.rpId,
        timeout: BIOMETRIC_TIMEOUT_MS,
        userVerification: 'required',
        allowCredentials: devices.map((c) => ({ id: c.id, transports: c.transports })),
      })
      await createBiometricsRepository(db).insertChallenge({
        userId,
        purpose: 'payment',
        challenge: options.challenge,
        idempotencyKey: order.key,
        requestHash: order.requestHash,
        amountMinor: order.amountMinor,
        currency: order.currency,
        expiresAt: expiry(),
      })
      return { ...options }
    },

    /**
     * Before the order's statement (ADR 040): the answer must be to a challenge made for this
     * order (this key, this body), unused and unexpired, signed by one of the customer's devices
     * with the user verified. The challenge is then used and the device's counter moves on, in
     * one transaction; the answer is the amount the device signed for, which the order's
     * statement compares with the amount it prices (PRICE_CHANGED when they differ).
     */
    async authorisePayment(args: {
      userId: number
      key: string
      requestHash: string
      response: AuthenticationResponse
    }): Promise<{ amountMinor: number; currency: Currency }> {
      const webAuthn = await simpleWebAuthn()
      return db.transaction((tx) => authoriseIn(tx, webAuthn, args))
    },
  }

  async function authoriseIn(
    tx: Db,
    { verifyAuthenticationResponse }: typeof SimpleWebAuthn,
    args: { userId: number; key: string; requestHash: string; response: AuthenticationResponse },
  ): Promise<{ amountMinor: number; currency: Currency }> {
    // ADR 060: said before the challenge is used; the order's statement decides under its locks.
    const pin = await pins.state(tx, args.userId, { lock: false })
    if (pin.refusal) throw pin.refusal
    const row = await openChallenge(tx, args.userId, 'payment', args.response.response)
    if (row.idempotencyKey !== args.key || row.requestHash !== args.requestHash) throw failed()
    if (row.amountMinor === null || row.currency === null) throw failed()
    const txRepo = createBiometricsRepository(tx)
    const device = await txRepo.lockDevice(args.userId, args.response.id)
    if (!device) throw failed()
    let verification
    try {
      verification = await verifyAuthenticationResponse({
        response: args.response,
        expectedChallenge: row.challenge,
        expectedOrigin: webauthn.origins,
        expectedRPID: webauthn.rpId,
        requireUserVerification: true,
        credential: {
          id: device.id,
          publicKey: new Uint8Array(Buffer.from(device.publicKey, 'base64url')),
          counter: device.counter,
          transports: device.transports,
        },
      })
    } catch {
      throw failed()
    }
    if (!verification.verified) throw failed()
    const now = clock.now()
    await txRepo.markChallengeUsed(row.id, now)
    await txRepo.advanceCounter(device.id, verification.authenticationInfo.newCounter, now)
    return { amountMinor: row.amountMinor, currency: row.currency as Currency }
  }
}
export type BiometricsService = ReturnType<typeof createBiometricsService>
