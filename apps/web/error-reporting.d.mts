import type { RequestHandler } from 'express'

/** Types of error-reporting.mjs (plain JavaScript: the web server runs without a TypeScript step). */
export const ENVELOPE_MAX_BYTES: number
export function envelopeUrl(dsn: string): string
export function startWebErrorReporting(env?: NodeJS.ProcessEnv): boolean
export function stopWebErrorReporting(): Promise<void>
export function parseEnvelope(body: Buffer): {
  header: Record<string, unknown>
  items: { header: Record<string, unknown> & { type?: string }; payload: Buffer }[]
}
export function createErrorTunnel(options: { dsn: string; forward?: typeof fetch }): RequestHandler
