import { sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'

/**
 * docs/product/back-office.md (Changes show at once): moves the shop's content version, inside
 * the change's own transaction; a change rolled back leaves at most one extra cache miss.
 */
export async function bumpContentVersion(tx: Db): Promise<void> {
  await tx.execute(sql`select nextval('content_version')`)
}

/** The version now: 0 before any change (the sequence has not been used yet). */
export async function readContentVersion(db: Db): Promise<number> {
  const result = await db.execute<{ last_value: string | number; is_called: boolean }>(
    sql`select last_value, is_called from content_version`,
  )
  const row = (result as unknown as { rows: { last_value: string | number; is_called: boolean }[] })
    .rows[0]
  return row?.is_called ? Number(row.last_value) : 0
}
