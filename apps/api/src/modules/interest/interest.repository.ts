import { sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { interestRegistrations } from '@padi/db/schema/interest'
import type { Interest } from '@padi/domain/interest/schemas'
import type { Locale } from '@padi/domain/i18n/locales'

export function createInterestRepository(db: Db) {
  return {
    /** One row per e-mail address: registering again updates the details (ADR 008). */
    async upsert(input: Interest & { locale: Locale }): Promise<{ id: number; created: boolean }> {
      const [row] = await db
        .insert(interestRegistrations)
        .values({
          email: input.email,
          fullName: input.full_name,
          postcode: input.postcode,
          area: input.area,
          district: input.district,
          locale: input.locale,
        })
        .onConflictDoUpdate({
          target: interestRegistrations.email,
          set: {
            fullName: input.full_name,
            postcode: input.postcode,
            area: input.area,
            district: input.district,
            locale: input.locale,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: interestRegistrations.id, created: sql<boolean>`(xmax = 0)` })
      if (!row) throw new Error('upsert returned no row')
      return row
    },
  }
}
export type InterestRepository = ReturnType<typeof createInterestRepository>
