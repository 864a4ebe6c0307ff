import type { Db } from '@padi/db/client'
import {
  auditChanges,
  type AuditChange,
  type AuditValue,
  type LocalizedValue,
} from '@padi/domain/audit/audit-changes'
import type { AuditLog } from '@padi/domain/audit/audit-schemas'
import { createAuditRepository, type AuditFilter } from './audit.repository.ts'

const AUDIT_PAGE = 100

/**
 * docs/product/back-office.md (Audit log): admin reads the log newest first, 100 a page, by the
 * record changed, who changed it, the kind of change and the days (Malaysia time). Each entry
 * comes with its record's market and its changes ready to read (auditChanges), the branches,
 * packs and people it names by their names.
 */
export function createAuditLogService(deps: { db: Db }) {
  const repo = createAuditRepository(deps.db)

  /** Names in place of ids: a branch's and a pack's in each language, a person's. */
  async function named(changes: AuditChange[]): Promise<void> {
    const ids = (kind: AuditChange['kind']) => [
      ...new Set(
        changes
          .filter((c) => c.kind === kind)
          .flatMap((c) => [c.before, c.after])
          .filter((v): v is number => typeof v === 'number'),
      ),
    ]
    const branchIds = ids('branch')
    const packIds = ids('pack')
    const personIds = ids('person')
    const [branchRows, packRows, personRows] = await Promise.all([
      branchIds.length ? repo.branchNames(branchIds) : [],
      packIds.length ? repo.packLabels(packIds) : [],
      personIds.length ? repo.personNames(personIds) : [],
    ])
    const names = {
      branch: new Map<number, AuditValue>(branchRows.map((b) => [b.id, b.name])),
      pack: new Map<number, AuditValue>(
        packRows.map((p) => {
          const label = p.label as LocalizedValue
          const text = (lang: 'en' | 'bm' | 'th') => `${p.sku} · ${label[lang] ?? label.en}`
          return [p.id, { en: text('en'), bm: text('bm'), th: text('th') }]
        }),
      ),
      person: new Map<number, AuditValue>(personRows.map((u) => [u.id, u.name])),
    }
    for (const change of changes) {
      if (change.kind !== 'branch' && change.kind !== 'pack' && change.kind !== 'person') continue
      const found = names[change.kind]
      const name = (v: AuditValue) => (typeof v === 'number' ? (found.get(v) ?? `#${v}`) : v)
      change.before = name(change.before)
      change.after = name(change.after)
    }
  }

  return {
    /** GET /admin/audit */
    async list(filter: AuditFilter): Promise<AuditLog> {
      const rows = await repo.entries(filter, AUDIT_PAGE + 1)
      const page = rows.slice(0, AUDIT_PAGE)
      const data = page.map(({ entry: r, actorName, market }) => {
        const before = r.before as Record<string, unknown> | null
        const after = r.after as Record<string, unknown> | null
        const known = market === 'MY' || market === 'TH' ? market : null
        return {
          id: r.id,
          actor_user_id: r.actorUserId,
          actor_name: actorName,
          action: r.action,
          subject_type: r.subjectType,
          subject_id: r.subjectId,
          market: known,
          changes: auditChanges(before, after, known),
          before,
          after,
          created_at: r.createdAt.toISOString(),
        }
      })
      await named(data.flatMap((e) => e.changes))
      return {
        next_before: rows.length > AUDIT_PAGE ? (page.at(-1)?.entry.id ?? null) : null,
        data,
      }
    },
  }
}
export type AuditLogService = ReturnType<typeof createAuditLogService>
