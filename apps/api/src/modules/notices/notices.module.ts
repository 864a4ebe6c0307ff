import type { ApiModule } from '../../app-context.ts'
import { runNotices } from './notice-job.ts'

/** docs/product/notices.md: reminders by SMS; each notice goes once, however many servers run it. */
export const noticesModule: ApiModule = async (v1, { ctx }) => {
  if (ctx.config.NOTICE_INTERVAL_MS > 0)
    ctx.schedule({
      name: 'notices',
      everyMs: ctx.config.NOTICE_INTERVAL_MS,
      run: async () => {
        const run = await runNotices(ctx.db.db, ctx.otp, ctx.clock.now())
        if (run.sent > 0) v1.log.info({ run }, 'notices sent')
        return run
      },
    })
}
