import type { GetModuleInfo } from 'rollup'

/**
 * How the browser's JavaScript is cut into files (docs/performance.md, budgets F2 and "at most 4
 * page chunks"). Left to itself Rollup makes one file per set of pages sharing a module, so a page
 * named 14–19 files and a phone on a 400 ms network waited for each. Here code that at least two
 * pages load up front goes into one of two shared files, the framework (React, React Router) and
 * our own shared code; a page's own code stays in its route module. Code that pages import only
 * after they are shown (zod and the validation built on it, the toast library) stays out of both.
 */
export function chunkFor(id: string, getModuleInfo: GetModuleInfo): string | undefined {
  if (id.includes('/node_modules/zod/')) return 'zod'
  const info = getModuleInfo(id)
  if (!info || info.isEntry) return undefined
  const entries = entriesReaching(id, getModuleInfo)
  if (entries.size < 2) return undefined
  // Libraries and the bundler's own helpers (virtual modules, `\0…`) go together: if a helper
  // that framework code needs sat in our shared file, the two files would import each other and
  // React could be read before it is defined.
  if (id.includes('/node_modules/') || id.startsWith('\0')) return 'framework'
  // Code every page loads (through the root or a layout) is shared; code a few pages share (the
  // product page's body, the calculators' formatting) joins it only when small, so one page's
  // bulk is not sent to all the others.
  const everywhere = [...entries].some((entry) => /\/(root\.tsx|routes\/layouts\/)/.test(entry))
  return everywhere || (info.code?.length ?? Infinity) < SMALL_MODULE_CHARS ? 'shared' : undefined
}

const SMALL_MODULE_CHARS = 2_500

const reach = new Map<string, Set<string>>()

/** The entries (client entry and route modules) that import `id` statically, directly or not. */
function entriesReaching(
  id: string,
  getModuleInfo: GetModuleInfo,
  visiting = new Set<string>(),
): Set<string> {
  const known = reach.get(id)
  if (known) return known
  const info = getModuleInfo(id)
  const entries = new Set<string>()
  if (!info || visiting.has(id)) return entries
  visiting.add(id)
  if (info.isEntry) entries.add(id)
  for (const importer of info.importers)
    for (const entry of entriesReaching(importer, getModuleInfo, visiting)) entries.add(entry)
  visiting.delete(id)
  // Cached only once the walk is complete: a module met again inside a cycle saw a partial set.
  if (visiting.size === 0) reach.set(id, entries)
  return entries
}
