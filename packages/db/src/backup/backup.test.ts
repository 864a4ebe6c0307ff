import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDb, type Db } from '../client.ts'
import { seedDemoData } from '../seed/run-seed.ts'
import { createTestDatabase } from '../testing/test-database.ts'
import { backupDatabase, restoreDatabase } from './backup.ts'

const dirs: string[] = []
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), name))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** What a round trip must give back: every table's rows and the sequences' positions. */
async function fingerprint(db: Db) {
  const result = (await db.execute(sql`
    select (select count(*) from users)::int as users,
           (select count(*) from products)::int as products,
           (select count(*) from orders)::int as orders,
           (select string_agg(full_name, ',' order by id) from users) as names,
           (select last_value from content_version)::int as version
  `)) as unknown as { rows: Record<string, unknown>[] }
  return result.rows[0]
}

// docs/reliability.md (Backups): a backup made, the database changed, the backup put back: the
// database is as it was when the backup was made.
describe('backup and restore round trip', () => {
  it.runIf(!process.env.DATABASE_URL)('embedded PGlite', async () => {
    const dataDir = temp('padi-backup-')
    const db = await openDb({ dataDir })
    await db.migrate()
    await seedDemoData(db.db)
    await db.db.execute(sql`select nextval('content_version')`)
    const before = await fingerprint(db.db)
    await db.close()

    const file = join(temp('padi-backup-file-'), 'shop.tar.gz')
    expect(await backupDatabase({ dataDir }, file)).toBe('pglite')

    const changed = await openDb({ dataDir })
    await changed.db.execute(sql`update users set full_name = 'Changed after the backup'`)
    await changed.db.execute(sql`select nextval('content_version')`)
    expect(await fingerprint(changed.db)).not.toEqual(before)
    await changed.close()

    const { keptAside } = await restoreDatabase({ dataDir }, file)
    expect(keptAside).toMatch(/pglite\.before-restore-/)
    const restored = await openDb({ dataDir })
    expect(await fingerprint(restored.db)).toEqual(before)
    await restored.close()
  })

  it.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL (pg_dump, pg_restore)', async () => {
    const db = await createTestDatabase('padi_backup')
    try {
      await db.db.execute(sql`select nextval('content_version')`)
      const before = await fingerprint(db.db)
      const file = join(temp('padi-backup-file-'), 'shop.dump')
      expect(await backupDatabase({ databaseUrl: db.url!, dataDir: '' }, file)).toBe('pg_dump')
      await db.db.execute(sql`update users set full_name = 'Changed after the backup'`)
      await db.db.execute(sql`delete from orders where id in (select id from orders limit 1)`)
      await db.db.execute(sql`select nextval('content_version')`)
      expect(await fingerprint(db.db)).not.toEqual(before)
      await restoreDatabase({ databaseUrl: db.url!, dataDir: '' }, file)
      expect(await fingerprint(db.db)).toEqual(before)
    } finally {
      await db.drop()
    }
  })

  it('refuses a backup that is not there, changing nothing', async () => {
    await expect(
      restoreDatabase({ dataDir: temp('padi-none-') }, '/nonexistent.dump'),
    ).rejects.toThrow('No backup')
  })
})
