import type { Db } from '@padi/db/client'
import { isUniqueViolation } from '@padi/db/unique-violation'
import type { OtpVerify, Profile } from '@padi/domain/auth/schemas'
import { DomainError } from '@padi/domain/errors'
import type { Clock } from '../../clock.ts'
import type { AuthService } from '../auth/auth.service.ts'
import type { OtpService, SendContext } from '../auth/otp.service.ts'
import { createProfileRepository } from './profile.repository.ts'

/**
 * docs/product/accounts.md (settings): the farmer edits the profile given at sign-up; a new mobile
 * number (the login) takes effect only with the code sent to that number, and is written to the
 * audit log with the old one.
 */
export function createProfileService(deps: {
  db: Db
  clock: Clock
  otp: OtpService
  auth: Pick<AuthService, 'me'>
}) {
  const { db, clock, otp, auth } = deps
  const repo = createProfileRepository(db)
  return {
    async update(userId: number, input: Profile) {
      const branch = await repo.branchById(input.preferred_branch)
      if (!branch)
        throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
          extra: { errors: [{ field: 'preferred_branch', message: 'validation.branchRequired' }] },
        })
      await repo.updateProfile(userId, {
        fullName: input.full_name,
        email: input.email,
        postcode: input.postcode,
        area: input.area,
        district: input.district,
        preferredBranchId: input.preferred_branch,
      })
      return auth.me(userId)
    },

    /** docs/product/notices.md: reminders by SMS on or off (decisions are always sent). */
    async setReminders(userId: number, on: boolean) {
      await repo.setSmsReminders(userId, on)
      return auth.me(userId)
    },

    /** A code to the new number; a number that already has an account is told only at the end. */
    async requestMobileCode(userId: number, mobile: string, ctx: SendContext) {
      const result = await db.transaction((tx) =>
        otp.issue(tx, { purpose: 'mobile_change', mobile, userId, ctx }),
      )
      otp.dispatch(result.pending)
      return {
        statusCode: 200,
        message: 'A code was sent by SMS to the new number.',
        preAuthSessionId: result.preAuthSessionId,
        deviceId: result.deviceId,
      }
    },

    /** The right code makes the new number the account's; the unique index refuses a taken one. */
    async verifyMobile(userId: number, input: OtpVerify) {
      const consumed = await db
        .transaction(async (tx) => {
          const result = await otp.consume(tx, {
            preAuthSessionId: input.preAuthSessionId,
            deviceId: input.deviceId,
            code: input.userInputCode,
            purpose: 'mobile_change',
          })
          if (!result.ok) return result
          // Another account's code: refused, and undone (the code stays usable by its owner).
          if (result.challenge.userId !== userId)
            throw new DomainError('OTP_INVALID', 'The verification code is not valid')
          const txRepo = createProfileRepository(tx)
          const before = await txRepo.lockMobile(userId)
          const now = clock.now()
          await txRepo.setMobile(userId, result.challenge.mobile)
          await txRepo.insertAuditEntry({
            actorUserId: userId,
            action: 'user.mobile_change',
            subjectType: 'user',
            subjectId: userId,
            before: { mobile: before?.mobile ?? null },
            after: { mobile: result.challenge.mobile },
            createdAt: now,
          })
          return result
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw new DomainError('USER_EXISTS', 'This number already has an account')
          throw error
        })
      if (!consumed.ok) throw consumed.failure
      return auth.me(userId)
    },
  }
}
export type ProfileService = ReturnType<typeof createProfileService>
