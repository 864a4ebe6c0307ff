import { asc } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { branches } from '@padi/db/schema/branches'
import type { Branch } from '@padi/domain/branches/schemas'

export function createBranchesRepository(db: Db) {
  return {
    async list(): Promise<Branch[]> {
      const rows = await db
        .select({
          id: branches.id,
          code: branches.code,
          name: branches.name,
          address: branches.address,
          postcode: branches.postcode,
          district: branches.district,
          state: branches.state,
          market: branches.market,
          phone: branches.phone,
          lat: branches.lat,
          lng: branches.lng,
          timezone: branches.timezone,
          opening_hours: branches.openingHours,
          is_headquarters: branches.isHeadquarters,
        })
        .from(branches)
        .orderBy(asc(branches.sortOrder), asc(branches.id))
      return rows
    },
  }
}
export type BranchesRepository = ReturnType<typeof createBranchesRepository>
