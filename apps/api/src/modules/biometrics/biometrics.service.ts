import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { Db } from '@padi/db/client'
import { webauthnChallenges, webauthnCredentials } from '@padi/db/schema/biometrics'
import { users } from '@padi/db/schema/users'
import { DomainError } from '@padi/domain/errors'
import type { Currency } from '@padi/domain/money'
import {
  BIOMETRIC_CHALLENGE_TTL_MS,
  BIOMETRIC_TIMEOUT_MS,
  type AuthenticationResponse,
  type BiometricDevice,
  type CeremonyOptions,
} from '@padi/domain/payment/biometric-schemas'
import type { Clock } from '../../clock.ts'

export type WebAuthnSettings = { rpId: string; rpName: string; origins: string[] }

type Credential = typeof webauthnCredentials.$inferSelect

function failed(): DomainError {
  return new DomainError('BIOMETRIC_FAILED', 'Biometric authentication failed')
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
 */
export function createBiometricsService(deps: {
  db: Db
  clock: Clock
  webauthn: WebAuthnSettings
}) {
  const { db, clock, webauthn } = deps

  async function devicesOf(tx: Db, userId: number): Promise<Credential[]> {
    return tx
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, userId))
      .orderBy(desc(webauthnCredentials.createdAt))
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
    const [row] = await tx
      .select()
      .from(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.userId, userId),
          eq(webauthnChallenges.purpose, purpose),
          isNull(webauthnChallenges.usedAt),
          gt(webauthnChallenges.expiresAt, clock.now()),
        ),
      )
      .for('update')
    if (!row) throw failed()
    return row
  }

  return {
    async devices(userId: number): Promise<BiometricDevice[]> {
      return (await devicesOf(db, userId)).map((c) => ({
        id: c.id,
        label: c.label,
        created_at: c.createdAt.toISOString(),
        last_used_at: c.lastUsedAt?.toISOString() ?? null,
      }))
    },

    async registrationOptions(userId: number): Promise<CeremonyOptions> {
      const [user] = await db
        .select({ mobile: users.mobile, fullName: users.fullName })
        .from(users)
        .where(eq(users.id, userId))
      if (!user) throw new DomainError('NOT_FOUND', 'User not found')
      const existing = await devicesOf(db, userId)
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
      await db.insert(webauthnChallenges).values({
        userId,
        purpose: 'register',
        challenge: options.challenge,
        expiresAt: expiry(),
      })
      return { ...options }
    },

    async register(
      userId: number,
      input: {
        label: string
        response: Parameters<typeof verifyRegistrationResponse>[0]['response']
      },
    ): Promise<BiometricDevice> {
      return db.transaction(async (tx) => {
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
        await tx
          .update(webauthnChallenges)
          .set({ usedAt: clock.now() })
          .where(eq(webauthnChallenges.id, row.id))
        const [saved] = await tx
          .insert(webauthnCredentials)
          .values({
            id: credential.id,
            userId,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            label: input.label,
          })
          .onConflictDoNothing()
          .returning()
        if (!saved) throw new DomainError('CONFLICT', 'This device is already registered')
        await tx.update(users).set({ biometricEnabled: true }).where(eq(users.id, userId))
        return {
          id: saved.id,
          label: saved.label,
          created_at: saved.createdAt.toISOString(),
          last_used_at: null,
        }
      })
    },

    async remove(userId: number, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(webauthnCredentials)
          .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
          .returning({ id: webauthnCredentials.id })
        if (gone.length === 0) throw new DomainError('NOT_FOUND', 'Device not found')
        if ((await devicesOf(tx, userId)).length === 0)
          await tx.update(users).set({ biometricEnabled: false }).where(eq(users.id, userId))
      })
    },

    /** A challenge for paying one order (its key, its body's hash and its amount) with a device. */
    async paymentOptions(
      userId: number,
      order: { key: string; requestHash: string; amountMinor: number; currency: Currency },
    ): Promise<CeremonyOptions> {
      const devices = await devicesOf(db, userId)
      if (devices.length === 0)
        throw new DomainError('BIOMETRIC_NOT_SET_UP', 'Set up biometric first')
      const options = await generateAuthenticationOptions({
        rpID: webauthn.rpId,
        timeout: BIOMETRIC_TIMEOUT_MS,
        userVerification: 'required',
        allowCredentials: devices.map((c) => ({ id: c.id, transports: c.transports })),
      })
      await db.insert(webauthnChallenges).values({
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
      return db.transaction((tx) => authoriseIn(tx, args))
    },
  }

  async function authoriseIn(
    tx: Db,
    args: { userId: number; key: string; requestHash: string; response: AuthenticationResponse },
  ): Promise<{ amountMinor: number; currency: Currency }> {
    const row = await openChallenge(tx, args.userId, 'payment', args.response.response)
    if (row.idempotencyKey !== args.key || row.requestHash !== args.requestHash) throw failed()
    if (row.amountMinor === null || row.currency === null) throw failed()
    const [device] = await tx
      .select()
      .from(webauthnCredentials)
      .where(
        and(
          eq(webauthnCredentials.id, args.response.id),
          eq(webauthnCredentials.userId, args.userId),
        ),
      )
      .for('update')
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
    await tx
      .update(webauthnChallenges)
      .set({ usedAt: now })
      .where(eq(webauthnChallenges.id, row.id))
    await tx
      .update(webauthnCredentials)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
      .where(eq(webauthnCredentials.id, device.id))
    return { amountMinor: row.amountMinor, currency: row.currency as Currency }
  }
}
export type BiometricsService = ReturnType<typeof createBiometricsService>
