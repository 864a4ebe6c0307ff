import { sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { branches } from '../schema/branches.ts'
import { DEMO_BRANCHES } from './branches.ts'

/**
 * Loads demo data on first start (issue 2). Each part checks its own table so a later issue can
 * add a part without reloading what is there; the whole run is one transaction.
 */
export async function seedDemoData(db: Db): Promise<{ branches: number }> {
  return db.transaction(async (tx) => {
    let branchCount = 0
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(branches)
    if ((row?.n ?? 0) === 0) {
      await tx.insert(branches).values(DEMO_BRANCHES.map((b, i) => ({ ...b, sortOrder: i })))
      branchCount = DEMO_BRANCHES.length
    }
    return { branches: branchCount }
  })
}
