import type { ApiModule } from '../../app-context.ts'
import { createKycService } from './kyc.service.ts'
import { kycRoutes } from './kyc.routes.ts'
import { createKycReviewService } from './kyc-review.service.ts'
import { kycReviewRoutes } from './kyc-review.routes.ts'
import { sweepUnreferencedFiles } from './kyc-file-sweep.ts'
import { runKycRetention } from './kyc-retention-job.ts'

/** The credit application (KYC): the farmer's side and finance's review. */
export const kycModule: ApiModule = async (v1, { ctx }) => {
  const { config, db, clock, files, scanner, otp } = ctx
  // ADR 042: remains of writes that died and files no record points at, once a period across
  // all servers (what a crash left goes within the period, an hour by default).
  if (config.FILE_SWEEP_INTERVAL_MS > 0)
    ctx.schedule({
      name: 'file-sweep',
      everyMs: config.FILE_SWEEP_INTERVAL_MS,
      run: async () => {
        // docs/product/credit.md (Keeping KYC data): data past its time goes first, then any
        // file no record names.
        await runKycRetention(db.db, files, clock.now())
        await Promise.all([files.sweep(), sweepUnreferencedFiles(db.db, files, clock.now())])
      },
    })
  await v1.register(kycRoutes, {
    kyc: createKycService({ db: db.db, clock, files, scanner }),
    guards: ctx.guards,
  })
  await v1.register(kycReviewRoutes, {
    review: createKycReviewService({
      db: db.db,
      clock,
      files,
      ratePerHectareMinor: {
        MY: config.CREDIT_RATE_MY_MINOR_PER_HA,
        TH: config.CREDIT_RATE_TH_MINOR_PER_HA,
      },
      sms: otp,
    }),
    guards: ctx.guards,
  })
}
