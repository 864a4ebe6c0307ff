import type { ApiModule } from '../../app-context.ts'
import { createAuditLogService } from './audit-log.service.ts'
import { auditLogRoutes } from './audit-log.routes.ts'

/** The audit log of staff and finance decisions. */
export const auditModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(auditLogRoutes, {
    audit: createAuditLogService({ db: ctx.db.db }),
    guards: ctx.guards,
  })
}
