import type { ApiModule } from '../../app-context.ts'
import { creditOf } from '../credit/credit.module.ts'
import { createReceiptsService } from './receipts.service.ts'
import { receiptsRoutes } from './receipts.routes.ts'
import { createQrRepaymentsService } from './qr-repayments.service.ts'
import { qrRepaymentsRoutes } from './qr-repayments.routes.ts'
import { createStatementImportService } from './statement-import.service.ts'
import { statementImportRoutes } from './statement-import.routes.ts'
import { createGatewayPaymentsService } from './gateway-payments.service.ts'
import { gatewayNoticesRoutes } from './gateway-notices.routes.ts'
import { opnGateway } from './opn-gateway.ts'

/**
 * Repayments: receipts the farmer uploads and finance approves; QR codes to pay from a bank app,
 * repaid from the bank statement or, where a gateway runs the account, from its signed notice.
 */
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
  await v1.register(qrRepaymentsRoutes, {
    qrRepayments: createQrRepaymentsService({
      db: db.db,
      clock,
      credit: creditOf(ctx),
      accounts: ctx.config.collectingAccounts,
    }),
    guards: ctx.guards,
  })
  await v1.register(statementImportRoutes, {
    statements: createStatementImportService({ db: db.db, clock, sms: otp }),
    guards: ctx.guards,
  })
  const gateway = ctx.config.OPN_WEBHOOK_SECRET ? opnGateway(ctx.config.OPN_WEBHOOK_SECRET) : null
  await v1.register(gatewayNoticesRoutes, {
    gatewayPayments: createGatewayPaymentsService({ db: db.db, clock, gateway, sms: otp }),
  })
}
