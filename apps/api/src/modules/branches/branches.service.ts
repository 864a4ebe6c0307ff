import type { Branch } from '@padi/domain/branches/schemas'
import type { Market } from '@padi/domain/markets'
import type { BranchesRepository } from './branches.repository.ts'

/** Branches change rarely: keep them in memory for a minute so the contact page costs no query. */
const CACHE_MS = 60_000

export function createBranchesService(
  repo: BranchesRepository,
  now: () => number = Date.now,
  // Drops the copy when another instance changed a branch (modules/content/content-watch.ts).
  sync: () => Promise<void> = async () => undefined,
) {
  let cache: { at: number; rows: Branch[] } | null = null
  return {
    async list(filter: { market?: Market | undefined } = {}): Promise<Branch[]> {
      await sync()
      if (!cache || now() - cache.at > CACHE_MS) cache = { at: now(), rows: await repo.list() }
      return filter.market ? cache.rows.filter((b) => b.market === filter.market) : cache.rows
    },
    /** After an edit: the next list is read from the database. */
    forget() {
      cache = null
    },
  }
}
export type BranchesService = ReturnType<typeof createBranchesService>
