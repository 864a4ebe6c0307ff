import type { ApiModule, AppContext } from '../../app-context.ts'
import { createCounterService } from './counter.service.ts'
import { counterRoutes } from './counter.routes.ts'
import { createCounterCodes } from './counter-codes.ts'
import { createCounterCodeLimits } from './counter-code-limits.ts'
import { createCounterSmsLimits } from './counter-sms-limits.ts'

/** One counter per app: its limits count in memory (or Redis), so never two copies. */
export const counterOf = (ctx: AppContext) =>
  ctx.shared('counter', () => {
    const { config, db, clock } = ctx
    return createCounterService({
      db: db.db,
      clock,
      codes: createCounterCodes({ db: db.db, secret: config.jwtSecret }),
      // docs/product/vouchers.md (guessing codes): counted across instances through Redis.
      limits: createCounterCodeLimits({
        db: db.db,
        clock,
        redis: ctx.redis,
        keyPrefix: config.REDIS_KEY_PREFIX,
        log: ctx.log,
        settings: {
          perStaff: config.COUNTER_CODE_MISSES_PER_STAFF,
          perBranch: config.COUNTER_CODE_MISSES_PER_BRANCH,
          windowMs: config.COUNTER_CODE_MISS_WINDOW_MS,
        },
      }),
      // docs/product/vouchers.md (a code by SMS): through the one SMS outbox and its caps.
      sms: ctx.otp,
      smsLimits: createCounterSmsLimits({
        perStaff: config.COUNTER_SMS_PER_STAFF,
        perBranch: config.COUNTER_SMS_PER_BRANCH,
        perNumber: config.COUNTER_SMS_PER_NUMBER,
        windowMs: config.COUNTER_SMS_WINDOW_MS,
      }),
    })
  })

/** The branch counter: a customer's code, vouchers and pickups. */
export const counterModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(counterRoutes, {
    counter: counterOf(ctx),
    guards: ctx.guards,
    clock: ctx.clock,
  })
}
