import type { ApiModule } from '../../app-context.ts'
import { healthRoutes } from './health.routes.ts'

/** GET /api/v1/healthz, in the document (the root twin for load balancers is in plugins/readiness.ts). */
export const healthModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(healthRoutes, { ping: ctx.db.ping, kind: ctx.db.kind })
}
