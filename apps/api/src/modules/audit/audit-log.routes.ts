import type { FastifyPluginAsync } from 'fastify'
import { IdTextSchema } from '@padi/domain/input-schemas'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AUDIT_SUBJECTS } from '@padi/domain/audit/audit-changes'
import { AuditLogSchema } from '@padi/domain/audit/audit-schemas'
import { errorAnswers } from '../../error-schema.ts'
import type { Guards } from '../../plugins/authenticate.ts'
import type { AuditLogService } from './audit-log.service.ts'

/** docs/product/back-office.md (Audit log): admin reads every back-office change. */
export const auditLogRoutes: FastifyPluginAsync<{
  audit: AuditLogService
  guards: Guards
}> = async (app, opts) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/admin/audit',
    {
      onRequest: opts.guards.requireRole('admin'),
      schema: {
        tags: ['back office'],
        security: [{ bearer: [] }],
        summary: 'The audit log of back-office changes, newest first (admin)',
        description:
          'Admin only (403 FORBIDDEN for anyone else). 100 a page, newest first; next_before continues. Filters: the kind of record and its number, who made the change, the kind of change (or its start: product. finds every product change) and the days (Malaysia time). Each entry names its record’s market (its times and days are told in that time zone; null for a product, sold in both) and lists what changed, field by field, ready to show: money with its currency, days as days in the market, branches, packs and people by name. A filter that is not valid: 400 VALIDATION_FAILED.',
        operationId: 'listAuditLog',
        querystring: z.object({
          subject_type: z.enum(AUDIT_SUBJECTS).optional().describe('The kind of record changed'),
          subject_id: IdTextSchema.optional(),
          actor_id: IdTextSchema.optional().describe('Who made the change'),
          action: z
            .string()
            .max(50)
            .regex(/^[a-z_.]+$/)
            .optional()
            .describe('The kind of change, or its start: product. finds every product change'),
          from: z.iso.date().optional().describe('First day (Malaysia time)'),
          to: z.iso.date().optional().describe('Last day (Malaysia time)'),
          before: IdTextSchema.optional().describe('From the previous page’s next_before'),
        }),
        response: { 200: AuditLogSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => opts.audit.list(request.query),
  )
}
