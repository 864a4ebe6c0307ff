import type { GetModuleInfo } from 'rollup'

/**
 * How the browser's JavaScript is cut into files (docs/performance.md, budgets F2 and "at most 4
 * page chunks"). Left to itself Rollup makes one file per set of pages sharing a module, so a page
 * named 14–19 files and a phone on a 400 ms network waited for each. Here code that at least two
 * pages load up front goes into one of two shared files, the framework (React, React Router) and
 * our own shared code, or, when only a few pages need it, into a file for its feature; a page's
 * own code stays in its route module. Code that pages import only
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
  // Finance's pages, the farmer's credit pages (receipt, late repayment, renewal), the account
  // pages (PIN, biometrics) and the counter share pieces of their own that no other page needs:
  // their own file, not the one every page loads. A module a layout uses (loaded by every page)
  // stays shared whatever its folder.
  const own = /\/app\/components\/(admin|credit|account|vouchers)\//.exec(id)?.[1]
  if (own && !reachedByLayout(id, getModuleInfo)) return own === 'credit' ? 'credit-pages' : own
  if (/\/domain\/src\/credit\/(late-repayment|renewal)-[\w-]+\.ts$/.test(id)) return 'credit-rules'
  // The sign-up and KYC forms' pieces, shared by a handful of pages, were 1.4 KB of the shared
  // file every page loads (the input calculator passed its 130 KB budget): a file of their own.
  const feature = featureOf(id)
  if (feature && OWN_FILE_FEATURES.has(feature) && !reachedByLayout(id, getModuleInfo))
    if ((info.code?.length ?? Infinity) < BULK_MODULE_CHARS) return feature
  // Code every page loads (through the root or a layout) is shared; code a few pages share joins it
  // only when small, so one page's bulk is not sent to all the others.
  if (sharedEligible(id, getModuleInfo)) return 'shared'
  // What a few pages share and the others do not need (the calculators' arithmetic, used by both
  // calculators and the product pages) goes into one file per feature rather than one per set of
  // pages; a page's bulk (the product page's body) keeps a file of its own.
  return (info.code?.length ?? Infinity) < BULK_MODULE_CHARS ? featureOf(id) : undefined
}

const BULK_MODULE_CHARS = 8_000

const OWN_FILE_FEATURES = new Set(['kyc', 'auth'])

/** The feature folder a module sits in: `domain/src/<feature>/`, `components/<feature>/`, `routes/<feature>/+shared/`. */
function featureOf(id: string): string | undefined {
  const feature =
    /\/packages\/domain\/src\/([\w-]+)\//.exec(id)?.[1] ??
    /\/app\/components\/([\w-]+)\//.exec(id)?.[1] ??
    /\/app\/routes\/([\w-]+)\/\+shared\//.exec(id)?.[1]
  return feature ? (FEATURE_ALIASES[feature] ?? feature) : undefined
}

const FEATURE_ALIASES: Record<string, string> = { calculators: 'calculator', products: 'catalogue' }

const eligible = new Map<string, boolean>()

/**
 * Code every page loads is shared; so is a small module a few pages share, but only when what it
 * imports is shared too: Rollup pulls a manual chunk's imports into it, so a 2 KB formatting helper
 * that imports the calculators would bring the calculators to every page.
 */
function sharedEligible(
  id: string,
  getModuleInfo: GetModuleInfo,
  visiting = new Set<string>(),
): boolean {
  const known = eligible.get(id)
  if (known !== undefined) return known
  const info = getModuleInfo(id)
  if (!info) return false
  if (id.includes('/node_modules/') || id.startsWith('\0')) return true
  const entries = entriesReaching(id, getModuleInfo)
  if (entries.size < 2) return false
  if ([...entries].some((entry) => /\/(root\.tsx|routes\/layouts\/)/.test(entry))) {
    eligible.set(id, true)
    return true
  }
  if ((info.code?.length ?? Infinity) >= SMALL_MODULE_CHARS) {
    eligible.set(id, false)
    return false
  }
  // An import cycle among small modules: judged by the rest of their imports.
  if (visiting.has(id)) return true
  visiting.add(id)
  const result = info.importedIds.every((dep) => sharedEligible(dep, getModuleInfo, visiting))
  visiting.delete(id)
  if (visiting.size === 0) eligible.set(id, result)
  return result
}

const SMALL_MODULE_CHARS = 3_000

/** Whether the root or a layout (so every page) imports `id`, directly or not. */
function reachedByLayout(id: string, getModuleInfo: GetModuleInfo): boolean {
  return [...entriesReaching(id, getModuleInfo)].some((entry) =>
    /\/(root\.tsx|routes\/layouts\/)/.test(entry),
  )
}

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
