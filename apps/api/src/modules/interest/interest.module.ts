import type { ApiModule } from '../../app-context.ts'
import { createInterestRepository } from './interest.repository.ts'
import { createInterestService } from './interest.service.ts'
import { interestRoutes } from './interest.routes.ts'

/** The interest calculator's rates and quotes. */
export const interestModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(interestRoutes, {
    interest: createInterestService(createInterestRepository(ctx.db.db)),
    rateLimitMax: ctx.config.INTEREST_RATE_LIMIT_MAX,
  })
}
