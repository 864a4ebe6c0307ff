import type { ApiModule } from '../../app-context.ts'
import { createRenewalService } from './renewal.service.ts'
import { renewalRoutes } from './renewal.routes.ts'

/** Renewing the credit contract with a drawn signature. */
export const renewalModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(renewalRoutes, {
    renewals: createRenewalService({
      db: ctx.db.db,
      clock: ctx.clock,
      files: ctx.files,
      sms: ctx.otp,
    }),
    guards: ctx.guards,
  })
}
