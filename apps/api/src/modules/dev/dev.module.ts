import type { ApiModule } from '../../app-context.ts'
import { createDevService } from './dev.service.ts'
import { devRoutes } from './dev.routes.ts'

/**
 * docs/product/demo-mode.md: the SMS outbox exists only in demo mode (and is then listed in the
 * OpenAPI document; otherwise the route does not exist at all).
 */
export const devModule: ApiModule = async (v1, { ctx }) => {
  if (ctx.config.demoMode)
    await v1.register(devRoutes, { dev: createDevService({ db: ctx.db.db, otp: ctx.otp }) })
}
