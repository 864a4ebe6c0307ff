import { and, asc, count, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import { OTP_PURPOSES } from '@padi/domain/auth/rules'
import { COUNTER_SMS_CODE } from '@padi/domain/vouchers/counter-code-sms'
import { regionByCode, regionOfPostcode } from '@padi/domain/geo/regions'
import type { Db, DbHandle } from '@padi/db/client'
import { authSessions, otpChallenges, refreshTokens, smsOutbox } from '@padi/db/schema/auth'
import { branches } from '@padi/db/schema/branches'
import { loginFailures, users } from '@padi/db/schema/users'
import type { User } from '@padi/domain/auth/user-schema'
import type { Locale } from '@padi/domain/i18n/locales'

export type UserRow = typeof users.$inferSelect
export type ChallengeRow = typeof otpChallenges.$inferSelect
export type OutboxRow = typeof smsOutbox.$inferSelect

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * The messages that carry a code, and so count against the caps and the cool-down per number:
 * the one-time codes, and the counter codes a clerk has sent (ADR 063).
 */
const CODE_PURPOSES = [...OTP_PURPOSES, COUNTER_SMS_CODE]

/** The messages a send or its retry job still owes. */
const UNSENT = ['queued', 'failed'] as const

/**
 * The auth module's storage. Call it with the pool, or with a transaction (`createAuthRepository(tx)`)
 * when a use case must read and write under one lock.
 * @param run runs a hot statement (the session check) as a named prepared statement
 *   (DbHandle.prepared); by default the statement simply runs on `db`.
 */
export function createAuthRepository(
  db: Db,
  run: DbHandle['prepared'] = async <T>(query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows,
) {
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

    // --- Sessions and refresh tokens (auth.service.ts) ---

    /**
     * Only what the session check needs, as a prepared statement: this runs before every call.
     * Its text names the statement on each connection; keep it as it is.
     */
    async sessionCheck(sessionId: string) {
      const [row] = await run<{
        session_id: string
        revoked_at: Date | string | null
        user_id: number
        status: UserRow['status']
        role: UserRow['role']
        tokens_valid_after: Date | string | null
      }>(sql`select s.id as session_id, s.revoked_at, u.id as user_id, u.status, u.role,
        u.tokens_valid_after
      from ${authSessions} s join ${users} u on u.id = s.user_id
      where s.id = ${sessionId}`)
      return row ?? null
    },

    async insertSession(session: typeof authSessions.$inferInsert): Promise<void> {
      await db.insert(authSessions).values(session)
    },

    async insertRefreshToken(token: typeof refreshTokens.$inferInsert): Promise<void> {
      await db.insert(refreshTokens).values(token)
    },

    /**
     * The refresh token with its session and user; the token's row stays locked until the
     * transaction ends, so two refreshes with one token are judged one after the other.
     */
    async lockRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({
          token: refreshTokens,
          session: authSessions,
          status: users.status,
          role: users.role,
          userId: users.id,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for('update', { of: refreshTokens })
      return row ?? null
    },

    async markRefreshTokenRotated(tokenId: number, at: Date): Promise<void> {
      await db.update(refreshTokens).set({ rotatedAt: at }).where(eq(refreshTokens.id, tokenId))
    },

    /** A refresh token used again after its grace: its whole session ends. */
    async endSessionForReuse(sessionId: string, at: Date): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: at, revokeReason: 'refresh_token_reuse' })
        .where(eq(authSessions.id, sessionId))
    },

    /** Ends the session if it still lives; one already ended keeps its reason and time. */
    async logOut(sessionId: string, at: Date): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: at, revokeReason: 'logout' })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
    },

    // --- Accounts (auth.service.ts) ---

    /** Answers the new user's id. */
    async insertUser(user: typeof users.$inferInsert): Promise<number> {
      const [row] = await db.insert(users).values(user).returning({ id: users.id })
      return row!.id
    },

    /**
     * Activates a pending account with the details its sign-up's code verified; null when the
     * account is missing or no longer pending.
     */
    async activatePendingUser(
      userId: number,
      details: Pick<
        typeof users.$inferInsert,
        | 'passwordHash'
        | 'fullName'
        | 'email'
        | 'postcode'
        | 'area'
        | 'district'
        | 'preferredBranchId'
        | 'activatedAt'
        | 'lastLoginAt'
      >,
    ) {
      const [user] = await db
        .update(users)
        .set({ ...details, status: 'active' })
        .where(and(eq(users.id, userId), eq(users.status, 'pending')))
        .returning({ id: users.id, role: users.role })
      return user ?? null
    },

    async recordLogin(userId: number, login: { lastLoginAt: Date; locale?: Locale }) {
      await db.update(users).set(login).where(eq(users.id, userId))
    },

    async clearLoginFailures(mobile: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.mobile, mobile))
    },

    /**
     * The new password of an active account; tokens issued before `at` stop working. Null when
     * the account is missing or not active.
     */
    async setNewPassword(userId: number, passwordHash: string, at: Date) {
      const [user] = await db
        .update(users)
        .set({ passwordHash, tokensValidAfter: at, lastLoginAt: at })
        .where(and(eq(users.id, userId), eq(users.status, 'active')))
        .returning({ id: users.id, role: users.role, mobile: users.mobile })
      return user ?? null
    },

    /** Suspends or reactivates an account that is not pending; null when there is none. */
    async setStatus(
      userId: number,
      change: { status: 'suspended'; tokensValidAfter: Date } | { status: 'active' },
    ) {
      const [user] = await db
        .update(users)
        .set(change)
        .where(and(eq(users.id, userId), sql`${users.status} <> 'pending'`))
        .returning({ id: users.id })
      return user ?? null
    },

    // --- One-time codes and the SMS outbox (otp.service.ts) ---

    async insertChallenge(challenge: typeof otpChallenges.$inferInsert): Promise<void> {
      await db.insert(otpChallenges).values(challenge)
    },

    /** A new code for the challenge: the old one stops working and its tries start again. */
    async replaceChallengeCode(
      id: string,
      code: { codeHash: string; expiresAt: Date; lastSentAt: Date },
    ): Promise<void> {
      await db
        .update(otpChallenges)
        .set({
          codeHash: code.codeHash,
          attempts: 0,
          expiresAt: code.expiresAt,
          lastSentAt: code.lastSentAt,
        })
        .where(eq(otpChallenges.id, id))
    },

    async countWrongCode(id: string): Promise<void> {
      await db
        .update(otpChallenges)
        .set({ attempts: sql`${otpChallenges.attempts} + 1` })
        .where(eq(otpChallenges.id, id))
    },

    async consumeChallenge(id: string, at: Date): Promise<void> {
      await db.update(otpChallenges).set({ consumedAt: at }).where(eq(otpChallenges.id, id))
    },

    /** Answers the message's id. */
    async insertOutboxMessage(message: typeof smsOutbox.$inferInsert): Promise<number | null> {
      const [row] = await db.insert(smsOutbox).values(message).returning({ id: smsOutbox.id })
      return row?.id ?? null
    },

    /** Handed to the provider; `forgetCode` drops the sealed code with it. */
    async markOutboxSent(id: number, at: Date, forgetCode: boolean): Promise<void> {
      await db
        .update(smsOutbox)
        .set({
          status: 'sent',
          sentAt: at,
          attempts: sql`${smsOutbox.attempts} + 1`,
          nextAttemptAt: null,
          ...(forgetCode ? { codeSealed: null } : {}),
        })
        .where(eq(smsOutbox.id, id))
    },

    /** One more failed try; answers the tries so far and when the message runs out. */
    async markOutboxFailed(id: number) {
      const [row] = await db
        .update(smsOutbox)
        .set({ status: 'failed', attempts: sql`${smsOutbox.attempts} + 1` })
        .where(eq(smsOutbox.id, id))
        .returning({ attempts: smsOutbox.attempts, expiresAt: smsOutbox.expiresAt })
      return row ?? null
    },

    async retryOutboxAt(id: number, at: Date): Promise<void> {
      await db.update(smsOutbox).set({ nextAttemptAt: at }).where(eq(smsOutbox.id, id))
    },

    /** Given up: never tried again, and its sealed code is dropped. */
    async expireOutboxMessage(id: number): Promise<void> {
      await db
        .update(smsOutbox)
        .set({ status: 'expired', codeSealed: null, nextAttemptAt: null })
        .where(eq(smsOutbox.id, id))
    },

    /** Every unsent message whose time has run out is given up, its sealed code dropped. */
    async expireOverdueOutbox(now: Date): Promise<void> {
      await db
        .update(smsOutbox)
        .set({ status: 'expired', codeSealed: null, nextAttemptAt: null })
        .where(and(inArray(smsOutbox.status, [...UNSENT]), lte(smsOutbox.expiresAt, now)))
    },

    /**
     * Unsent messages due for a try, oldest first, locked; rows another server holds are
     * skipped (SKIP LOCKED), not waited for.
     */
    lockDueOutbox(now: Date, limit: number): Promise<OutboxRow[]> {
      return db
        .select()
        .from(smsOutbox)
        .where(and(inArray(smsOutbox.status, [...UNSENT]), lte(smsOutbox.nextAttemptAt, now)))
        .orderBy(asc(smsOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true })
    },

    /** The messages are left alone by other servers until `until`. */
    async leaseOutbox(ids: number[], until: Date): Promise<void> {
      await db.update(smsOutbox).set({ nextAttemptAt: until }).where(inArray(smsOutbox.id, ids))
    },
  }
}
export type AuthRepository = ReturnType<typeof createAuthRepository>
