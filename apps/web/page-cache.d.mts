import type { RequestHandler } from 'express'

/** Types of page-cache.mjs (plain JavaScript: the web server runs without a TypeScript step). */
export function createPageCache(options: {
  sessionCookie: string
  ttlMs?: number
  maxBytes?: number
  version?: (() => Promise<number | null>) & { recheck?: () => void }
  shared?: ((sealed: string) => Promise<{ key: string; headers: [string, string][] } | null>) | null
}): RequestHandler & { clear(): void; stats: { hits: number; misses: number } }

export function watchContentVersion(
  url: string,
  everyMs?: number,
): (() => Promise<number | null>) & { recheck: () => void }

export function policyByHashes(policy: string, nonce: string, html: string): string
