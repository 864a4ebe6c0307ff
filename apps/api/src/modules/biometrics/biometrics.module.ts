import type { ApiModule, AppContext } from '../../app-context.ts'
import { pinsOf } from '../payment/payment.module.ts'
import { createBiometricsService } from './biometrics.service.ts'
import { biometricsRoutes } from './biometrics.routes.ts'

export const biometricsOf = (ctx: AppContext) =>
  ctx.shared('biometrics', () =>
    createBiometricsService({
      db: ctx.db.db,
      clock: ctx.clock,
      webauthn: {
        rpId: ctx.config.WEBAUTHN_RP_ID,
        rpName: 'SawahMart',
        origins: ctx.config.WEBAUTHN_ORIGINS,
      },
      // ADR 060: adding a device needs the PIN (or a code by SMS), and is told by SMS.
      pins: pinsOf(ctx),
      sms: ctx.otp,
      smsProduct: ctx.config.SMS_SENDER_NAME,
    }),
  )

/** Approving credit with the phone's fingerprint or face (WebAuthn). */
export const biometricsModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(biometricsRoutes, {
    biometrics: biometricsOf(ctx),
    guards: ctx.guards,
    rateLimitMax: ctx.config.AUTH_RATE_LIMIT_MAX,
  })
}
