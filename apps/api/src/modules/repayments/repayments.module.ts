import type { ApiModule } from '../../app-context.ts'
import { creditOf } from '../credit/credit.module.ts'
import { createReceiptsService } from './receipts.service.ts'
import { receiptsRoutes } from './receipts.routes.ts'

/** Repayment receipts: the farmer uploads, finance approves. */
export const repaymentsModule: ApiModule = async (v1, { ctx }) => {
  const { db, clock, files, scanner, otp } = ctx
  await v1.register(receiptsRoutes, {
    receipts: createReceiptsService({
      db: db.db,
      clock,
      files,
      scanner,
      sms: otp,
      credit: creditOf(ctx),
    }),
    guards: ctx.guards,
  })
}
