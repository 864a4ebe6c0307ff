import type { ApiModule, AppContext } from '../../app-context.ts'
import { createCreditService } from './credit.service.ts'
import { creditRoutes } from './credit.routes.ts'
import { runLateFees } from './late-fee-job.ts'

export const creditOf = (ctx: AppContext) =>
  ctx.shared('credit', () => createCreditService({ db: ctx.db.db, clock: ctx.clock }))

/** Credit lines, their ledger, and the monthly late fee. */
export const creditModule: ApiModule = async (v1, { ctx }) => {
  // docs/product/credit.md (Late fees): safe however often and wherever it runs.
  if (ctx.config.LATE_FEE_INTERVAL_MS > 0)
    ctx.schedule({
      name: 'late-fees',
      everyMs: ctx.config.LATE_FEE_INTERVAL_MS,
      run: async () => {
        const run = await runLateFees(ctx.db.db, ctx.clock.now())
        if (run.charged > 0) v1.log.info({ run }, 'late fees added')
        return run
      },
    })
  await v1.register(creditRoutes, { credit: creditOf(ctx), guards: ctx.guards })
}
