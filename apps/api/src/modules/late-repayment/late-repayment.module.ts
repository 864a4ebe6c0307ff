import type { ApiModule } from '../../app-context.ts'
import { creditOf } from '../credit/credit.module.ts'
import { createLateRepaymentService } from './late-repayment.service.ts'
import { lateRepaymentRoutes } from './late-repayment.routes.ts'

/** Asking for more time to repay (extensions). */
export const lateRepaymentModule: ApiModule = async (v1, { ctx }) => {
  const { db, clock, otp, tokens, files, scanner } = ctx
  await v1.register(lateRepaymentRoutes, {
    lateRepayment: createLateRepaymentService({
      db: db.db,
      clock,
      otp,
      tokens,
      files,
      scanner,
      credit: creditOf(ctx),
    }),
    guards: ctx.guards,
    authRateLimit: ctx.config.AUTH_RATE_LIMIT_MAX,
  })
}
