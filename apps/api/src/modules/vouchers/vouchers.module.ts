import type { ApiModule } from '../../app-context.ts'
import { createVoucherIssueService } from './voucher-issue.service.ts'
import { voucherIssueRoutes } from './voucher-issue.routes.ts'

/** Issuing vouchers to customers. */
export const vouchersModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(voucherIssueRoutes, {
    issue: createVoucherIssueService({ db: ctx.db.db, clock: ctx.clock }),
    guards: ctx.guards,
  })
}
