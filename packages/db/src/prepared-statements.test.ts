import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDb } from './client.ts'

const url = process.env.DATABASE_URL

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  it('prepares each statement text once per connection and runs it with other values', async () => {
    // One connection, so every statement below is in the session that pg_prepared_statements shows.
    const handle = await openDb({ databaseUrl: url, poolSize: 1 })
    try {
      const answers = []
      for (const n of [1, 41, 99])
        answers.push((await handle.prepared<{ n: number }>(sql`select ${n}::int + 1 as n`))[0]?.n)
      expect(answers).toEqual([2, 42, 100])
      const prepared = await handle.prepared<{ statement: string }>(
        sql`select statement from pg_prepared_statements where name like 'padi%' order by name`,
      )
      expect(prepared.map((p) => p.statement)).toEqual([
        'select $1::int + 1 as n',
        "select statement from pg_prepared_statements where name like 'padi%' order by name",
      ])
    } finally {
      await handle.close()
    }
  })
})

describe('prepared statements on the embedded database', () => {
  it('runs the statement with its values', async () => {
    const handle = await openDb({})
    try {
      const rows = await handle.prepared<{ n: number }>(sql`select ${41}::int + 1 as n`)
      expect(rows).toEqual([{ n: 42 }])
    } finally {
      await handle.close()
    }
  })
})
