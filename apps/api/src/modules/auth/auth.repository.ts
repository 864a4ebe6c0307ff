import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { OTP_PURPOSES } from '@padi/domain/auth/rules'
import { COUNTER_SMS_CODE } from '@padi/domain/vouchers/counter-code-sms'
import { regionByCode, regionOfPostcode } from '@padi/domain/geo/regions'
import type { Db } from '@padi/db/client'
import { authSessions, otpChallenges, smsOutbox } from '@padi/db/schema/auth'
import { branches } from '@padi/db/schema/branches'
import { loginFailures, users } from '@padi/db/schema/users'
import type { User } from '@padi/domain/auth/user-schema'

export type UserRow = typeof users.$inferSelect
export type ChallengeRow = typeof otpChallenges.$inferSelect

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * The messages that carry a code, and so count against the caps and the cool-down per number:
 * the one-time codes, and the counter codes a clerk has sent (ADR 063).
 */
const CODE_PURPOSES = [...OTP_PURPOSES, COUNTER_SMS_CODE]

/**
 * The auth module's storage. Call it with the pool, or with a transaction (`createAuthRepository(tx)`)
 * when a use case must read and write under one lock.
 */
export function createAuthRepository(db: Db) {
  return {
    /** Explicit columns only; answers are DTOs in the spec's snake_case (ADR 005). */
    async findUserDto(userId: number): Promise<User | null> {
      const [row] = await db
        .select({ user: users, branchName: branches.name })
        .from(users)
        .leftJoin(branches, eq(branches.id, users.preferredBranchId))
        .where(eq(users.id, userId))
      if (!row) return null
      const u = row.user
      const market = u.market === 'TH' ? 'TH' : 'MY'
      // docs/product/regions.md: accounts made before the state was stored get it from the postcode.
      const region = regionByCode(u.state) ?? regionOfPostcode(market, u.postcode)
      return {
        id: u.id,
        mobile: u.mobile,
        email: u.email,
        full_name: u.fullName,
        is_active: u.status === 'active',
        status: u.status,
        role: u.role,
        market,
        is_pin_set: u.isPinSet,
        biometric_enabled: u.biometricEnabled,
        kyc_status: u.kycStatus,
        last_login_at: iso(u.lastLoginAt),
        preferred_branches: u.preferredBranchId ? [u.preferredBranchId] : [],
        can_resubmit_at: iso(u.canResubmitAt),
        staff_branch_id: u.staffBranchId,
        locale: u.locale,
        sms_reminders: u.smsReminders,
        profile: {
          full_name: u.fullName,
          mobile_number: u.mobile,
          area: u.area,
          district: u.district,
          state: region?.code ?? u.state,
          state_name: region?.name ?? null,
          postal_code: u.postcode,
          preferred_branch:
            u.preferredBranchId && row.branchName
              ? { id: u.preferredBranchId, name: row.branchName }
              : null,
          joined_at: (u.activatedAt ?? u.createdAt).toISOString(),
          last_login_at: iso(u.lastLoginAt),
          account_status: u.status,
        },
      }
    },

    async findUserByMobile(mobile: string, lock = false): Promise<UserRow | null> {
      const query = db.select().from(users).where(eq(users.mobile, mobile))
      const [row] = lock ? await query.for('update') : await query
      return row ?? null
    },

    async branchExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, id))
      return Boolean(row)
    },

    async lockChallenge(id: string): Promise<ChallengeRow | null> {
      const [row] = await db
        .select()
        .from(otpChallenges)
        .where(eq(otpChallenges.id, id))
        .for('update')
      return row ?? null
    },

    /** Sends counted for the caps: per number, per client IP and overall, within the window. */
    async countSends(since: Date, filter: { to?: string; clientIp?: string }) {
      // Only codes count: a notice of finance's decision must not hold up the farmer's next code.
      const conditions = [gt(smsOutbox.createdAt, since), inArray(smsOutbox.purpose, CODE_PURPOSES)]
      if (filter.to) conditions.push(eq(smsOutbox.to, filter.to))
      if (filter.clientIp) conditions.push(eq(smsOutbox.clientIp, filter.clientIp))
      const [row] = await db
        .select({ n: count(), oldest: sql<string | null>`min(${smsOutbox.createdAt})` })
        .from(smsOutbox)
        .where(and(...conditions))
      return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null }
    },

    async lastSendTo(to: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<string | null>`max(${smsOutbox.createdAt})` })
        .from(smsOutbox)
        .where(and(eq(smsOutbox.to, to), inArray(smsOutbox.purpose, CODE_PURPOSES)))
      return row?.at ? new Date(row.at) : null
    },

    /**
     * Counts one login attempt for a number before its password is checked, in one statement that
     * PostgreSQL serialises on the row: the answer is this attempt's place in the run of failures and
     * the lock, set here when the run is already past the limit. An expired lock starts a new run.
     */
    async reserveLoginAttempt(
      mobile: string,
      at: Date,
      rule: { maxFailures: number; lockMs: number },
    ): Promise<{ failures: number; lockedUntil: Date | null }> {
      const now = sql`${at.toISOString()}::timestamptz`
      const lockEnd = sql`${new Date(at.getTime() + rule.lockMs).toISOString()}::timestamptz`
      const expired = sql`(${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${now})`
      const [row] = await db
        .insert(loginFailures)
        .values({ mobile, failures: 1, lockedUntil: null, updatedAt: at })
        .onConflictDoUpdate({
          target: loginFailures.mobile,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
            lockedUntil: sql`case
              when ${expired} then null
              when ${loginFailures.lockedUntil} is null and ${loginFailures.failures} + 1 > ${rule.maxFailures}
                then ${lockEnd}
              else ${loginFailures.lockedUntil} end`,
            updatedAt: at,
          },
        })
        .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil })
      return { failures: row?.failures ?? 1, lockedUntil: row?.lockedUntil ?? null }
    },

    /** The last allowed failure locks the number (unless a parallel attempt already did). */
    async lockLogin(mobile: string, until: Date) {
      await db
        .update(loginFailures)
        .set({ lockedUntil: until })
        .where(and(eq(loginFailures.mobile, mobile), isNull(loginFailures.lockedUntil)))
    },

    async activeSession(sessionId: string) {
      const [row] = await db
        .select({ session: authSessions, user: users })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(eq(authSessions.id, sessionId))
      return row ?? null
    },

    async revokeSessions(userId: number, reason: string, at: Date, exceptSessionId?: string) {
      const conditions = [eq(authSessions.userId, userId), isNull(authSessions.revokedAt)]
      if (exceptSessionId) conditions.push(sql`${authSessions.id} <> ${exceptSessionId}`)
      await db
        .update(authSessions)
        .set({ revokedAt: at, revokeReason: reason })
        .where(and(...conditions))
    },
  }
}
export type AuthRepository = ReturnType<typeof createAuthRepository>
