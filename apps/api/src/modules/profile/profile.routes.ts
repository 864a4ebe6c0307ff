import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MobileChangeSchema, OtpVerifySchema, ProfileSchema } from '@padi/domain/auth/schemas'
import { UserSchema } from '@padi/domain/auth/user-schema'
import { LOCALES } from '@padi/domain/i18n/locales'
import { errorAnswers } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { ProfileService } from './profile.service.ts'

/** docs/product/accounts.md (settings): the farmer's own profile and mobile number. */
export const profileRoutes: FastifyPluginAsync<{
  profile: ProfileService
  guards: Guards
  authRateLimit: number
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = { tags: ['users'], security: [{ bearer: [] }] }
  const limited = { rateLimit: { max: opts.authRateLimit, timeWindow: 60_000 } }
  const errors = errorAnswers(400, 401, 403, 409, 429)

  r.put(
    '/me/profile',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...tags,
        summary:
          'Change the profile given at sign-up (name, e-mail, postcode, area, district, branch)',
        operationId: 'updateMyProfile',
        body: ProfileSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => opts.profile.update(request.auth!.userId, request.body),
  )

  r.put(
    '/me/notices',
    {
      onRequest: opts.guards.authenticate,
      schema: {
        ...tags,
        summary: 'Turn SMS reminders on or off (decisions about credit are always sent)',
        operationId: 'setMyNotices',
        body: z.object({ sms_reminders: z.boolean() }),
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => opts.profile.setReminders(request.auth!.userId, request.body.sms_reminders),
  )

  r.post(
    '/me/mobile/code',
    {
      onRequest: opts.guards.authenticate,
      config: limited,
      schema: {
        ...tags,
        summary: 'Send a code to a new mobile number for the account',
        operationId: 'requestMobileChangeCode',
        querystring: z.object({ locale: z.enum(LOCALES).default('en') }),
        body: MobileChangeSchema,
        response: {
          200: z.object({
            statusCode: z.number().int(),
            message: z.string(),
            preAuthSessionId: z.string(),
            deviceId: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) =>
      opts.profile.requestMobileCode(request.auth!.userId, request.body.mobile, {
        clientIp: request.clientIp,
        locale: request.query.locale,
      }),
  )

  r.post(
    '/me/mobile/verify',
    {
      onRequest: opts.guards.authenticate,
      config: limited,
      schema: {
        ...tags,
        summary: 'Make the new number the account’s with the code sent to it',
        operationId: 'verifyMobileChange',
        body: OtpVerifySchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => opts.profile.verifyMobile(request.auth!.userId, request.body),
  )
}
