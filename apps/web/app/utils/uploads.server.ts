import type { Locale } from '@padi/domain/i18n/locales'
import { ApiError } from './api.server.ts'
import { withUserToken } from './auth.server.ts'
import type { WebSession } from './session.server.ts'

// Files on their way between the browser and the API (KYC documents, repayment receipts).

/**
 * Reads a request body of at most `limit` bytes; a longer one stops being read at once (a phone
 * sending 50 MB is cut off rather than held in memory). Null: too large.
 */
export async function readBodyUpTo(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get('content-length') ?? 'NaN')
  if (Number.isFinite(declared) && declared > limit) return null
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    parts.push(value)
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.byteLength
  }
  return out
}

/**
 * A form posted (multipart, with files, or plain) of at most `limit` bytes, parsed; an empty form
 * for any other body; null when it is too large (not read past the limit).
 */
export async function readFormUpTo(request: Request, limit: number): Promise<FormData | null> {
  const body = await readBodyUpTo(request, limit)
  if (body === null) return null
  const type = request.headers.get('content-type') ?? ''
  return type.startsWith('multipart/form-data') ||
    type.startsWith('application/x-www-form-urlencoded')
    ? new Response(body as BodyInit, { headers: { 'content-type': type } }).formData()
    : new FormData()
}

/** Streams one of the farmer's own documents (or, for finance, an applicant's) to the browser. */
export async function passFile(
  response: Response,
  disposition: 'inline' | 'attachment',
): Promise<Response> {
  const headers = new Headers()
  for (const name of ['content-type', 'content-length', 'content-disposition'])
    if (response.headers.has(name)) headers.set(name, response.headers.get(name)!)
  if (disposition === 'inline') {
    const current = headers.get('content-disposition') ?? 'attachment'
    headers.set('content-disposition', current.replace(/^attachment/, 'inline'))
  }
  headers.set('x-content-type-options', 'nosniff')
  headers.set('cache-control', 'private, no-store')
  // Shown in this site's pages only, never run. Chromium's PDF viewer does not open in a
  // sandboxed document, so a PDF (checked to be one) gets only the framing rule.
  const pdf = headers.get('content-type')?.startsWith('application/pdf')
  headers.set(
    'content-security-policy',
    pdf ? "frame-ancestors 'self'" : "default-src 'none'; frame-ancestors 'self'; sandbox",
  )
  return new Response(response.body, { status: 200, headers })
}

/** A document id from the address; anything else is a 404 like a document that is not yours. */
export function documentId(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647)
    throw new Response('Not found', { status: 404 })
  return Number(raw)
}

/**
 * A stored file (a KYC document, a receipt) for the browser, fetched with the logged-in user's own token (the API decides
 * who may have it: its owner, finance, admin); any refusal answers the same status, so another
 * farmer's document is a 404 here as there. `?view` shows it in the page, else it downloads.
 */
export async function serveDocument(
  ctx: { session: WebSession; locale: Locale; request: Request },
  fetchFile: (token: string) => Promise<Response>,
): Promise<Response> {
  try {
    const file = await withUserToken(ctx, fetchFile)
    return passFile(
      file,
      new URL(ctx.request.url).searchParams.has('view') ? 'inline' : 'attachment',
    )
  } catch (error) {
    if (error instanceof ApiError) throw new Response(null, { status: error.statusCode })
    throw error
  }
}
