import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { webauthnChallenges, webauthnCredentials } from '@padi/db/schema/biometrics'
import { users } from '@padi/db/schema/users'

export type DeviceRow = typeof webauthnCredentials.$inferSelect

/**
 * The devices a customer pays with (WebAuthn) and the challenges made for them. A challenge is
 * used, and a device's counter moves on, inside the caller's transaction
 * (`createBiometricsRepository(tx)`), under the row's lock.
 */
export function createBiometricsRepository(db: Db) {
  return {
    /** Newest first. */
    devicesOf(userId: number): Promise<DeviceRow[]> {
      return db
        .select()
        .from(webauthnCredentials)
        .where(eq(webauthnCredentials.userId, userId))
        .orderBy(desc(webauthnCredentials.createdAt))
    },

    /** The challenge if it is this customer's, for this purpose, unused and unexpired at `at`; locked. */
    async lockOpenChallenge(args: {
      challenge: string
      userId: number
      purpose: 'register' | 'payment'
      at: Date
    }) {
      const { challenge, userId, purpose } = args
      const [row] = await db
        .select()
        .from(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.userId, userId),
            eq(webauthnChallenges.purpose, purpose),
            isNull(webauthnChallenges.usedAt),
            gt(webauthnChallenges.expiresAt, args.at),
            // ADR 060: a registration challenge counts only if it was made after a proof.
            purpose === 'register' ? isNotNull(webauthnChallenges.proof) : undefined,
          ),
        )
        .for('update')
      return row ?? null
    },

    async insertChallenge(challenge: typeof webauthnChallenges.$inferInsert) {
      await db.insert(webauthnChallenges).values(challenge)
    },

    async markChallengeUsed(id: number, at: Date) {
      await db.update(webauthnChallenges).set({ usedAt: at }).where(eq(webauthnChallenges.id, id))
    },

    async userForCode(userId: number) {
      const [user] = await db
        .select({ mobile: users.mobile, locale: users.locale })
        .from(users)
        .where(eq(users.id, userId))
      return user ?? null
    },

    async userForRegistration(userId: number) {
      const [user] = await db
        .select({ mobile: users.mobile, fullName: users.fullName })
        .from(users)
        .where(eq(users.id, userId))
      return user ?? null
    },

    /** Answers the device, or null when this credential is already registered. */
    async insertDevice(device: typeof webauthnCredentials.$inferInsert): Promise<DeviceRow | null> {
      const [saved] = await db
        .insert(webauthnCredentials)
        .values(device)
        .onConflictDoNothing()
        .returning()
      return saved ?? null
    },

    /** Answers what the device notice needs of the customer. */
    async enableBiometric(userId: number) {
      const [user] = await db
        .update(users)
        .set({ biometricEnabled: true })
        .where(eq(users.id, userId))
        .returning({ mobile: users.mobile, locale: users.locale, market: users.market })
      return user!
    },

    async disableBiometric(userId: number) {
      await db.update(users).set({ biometricEnabled: false }).where(eq(users.id, userId))
    },

    /** Only the customer's own; answers the ids deleted. */
    deleteDevice(userId: number, id: string) {
      return db
        .delete(webauthnCredentials)
        .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
        .returning({ id: webauthnCredentials.id })
    },

    /** Only the customer's own, locked until the transaction ends. */
    async lockDevice(userId: number, id: string): Promise<DeviceRow | null> {
      const [device] = await db
        .select()
        .from(webauthnCredentials)
        .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
        .for('update')
      return device ?? null
    },

    async advanceCounter(id: string, counter: number, at: Date) {
      await db
        .update(webauthnCredentials)
        .set({ counter, lastUsedAt: at })
        .where(eq(webauthnCredentials.id, id))
    },
  }
}
export type BiometricsRepository = ReturnType<typeof createBiometricsRepository>
