import { and, desc, eq, inArray, like, lt, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { auditLog } from '@padi/db/schema/audit'
import { branches } from '@padi/db/schema/branches'
import { productVariations } from '@padi/db/schema/catalogue'
import { users } from '@padi/db/schema/users'
import {
  auditChanges,
  type AuditChange,
  type AuditValue,
  type LocalizedValue,
} from '@padi/domain/audit/audit-changes'
import type { AuditLog } from '@padi/domain/audit/audit-schemas'
import { MARKET, type Market } from '@padi/domain/markets'

const AUDIT_PAGE = 100

/**
 * The market of the record an entry is about, read from the record itself: its times and days
 * are told in that market's time zone. A product is sold in both (null).
 */
const subjectMarket = sql<Market | null>`case ${auditLog.subjectType}
  when 'order' then (select case when o.currency = 'THB' then 'TH' else 'MY' end
    from orders o where o.id = ${auditLog.subjectId})
  when 'kyc_application' then (select k.market from kyc_applications k
    where k.id = ${auditLog.subjectId})
  when 'repayment_receipt' then (select case when r.currency = 'THB' then 'TH' else 'MY' end
    from repayment_receipts r where r.id = ${auditLog.subjectId})
  when 'late_repayment_application' then (select case when c.currency = 'THB' then 'TH' else 'MY' end
    from late_repayment_applications l join credit_lines c on c.id = l.line_id
    where l.id = ${auditLog.subjectId})
  when 'contract_renewal' then (select case when c.currency = 'THB' then 'TH' else 'MY' end
    from contract_renewals n join credit_lines c on c.id = n.line_id
    where n.id = ${auditLog.subjectId})
  when 'voucher' then (select v.market from vouchers v where v.id = ${auditLog.subjectId})
  when 'user' then (select u.market from users u where u.id = ${auditLog.subjectId})
  when 'branch' then (select b.market from branches b where b.id = ${auditLog.subjectId})
end`

export type AuditFilter = {
  subject_type?: string | undefined
  subject_id?: number | undefined
  actor_id?: number | undefined
  action?: string | undefined
  from?: string | undefined
  to?: string | undefined
  before?: number | undefined
}

/**
 * docs/product/back-office.md (Audit log): admin reads the log newest first, 100 a page, by the
 * record changed, who changed it, the kind of change and the days (Malaysia time). Each entry
 * comes with its record's market and its changes ready to read (auditChanges), the branches,
 * packs and people it names by their names.
 */
export function createAuditLogService(deps: { db: Db }) {
  const { db } = deps

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
      branchIds.length
        ? db
            .select({ id: branches.id, name: branches.name })
            .from(branches)
            .where(inArray(branches.id, branchIds))
        : [],
      packIds.length
        ? db
            .select({
              id: productVariations.id,
              sku: productVariations.sku,
              label: productVariations.label,
            })
            .from(productVariations)
            .where(inArray(productVariations.id, packIds))
        : [],
      personIds.length
        ? db
            .select({ id: users.id, name: users.fullName })
            .from(users)
            .where(inArray(users.id, personIds))
        : [],
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
      // docs/product/dates-and-times.md: the log's day filter is the head office's (Malaysia's).
      const day = sql`(${auditLog.createdAt} at time zone ${MARKET.MY.timeZone})::date`
      const rows = await db
        .select({ entry: auditLog, actorName: users.fullName, market: subjectMarket })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(
          and(
            filter.subject_type ? eq(auditLog.subjectType, filter.subject_type) : undefined,
            filter.subject_id ? eq(auditLog.subjectId, filter.subject_id) : undefined,
            filter.actor_id ? eq(auditLog.actorUserId, filter.actor_id) : undefined,
            filter.action
              ? like(auditLog.action, `${filter.action.replace(/[\\%_]/g, '\\$&')}%`)
              : undefined,
            filter.from ? sql`${day} >= ${filter.from}::date` : undefined,
            filter.to ? sql`${day} <= ${filter.to}::date` : undefined,
            filter.before ? lt(auditLog.id, filter.before) : undefined,
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(AUDIT_PAGE + 1)
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
