import { getEnv } from './env.server.ts'

/** Scripts only from us (and React Router's inline data with this response's nonce). */
export function contentSecurityPolicy(nonce: string): string {
  const tiles = getEnv().MAP_TILE_URL
  const tileOrigin = tiles ? safeOrigin(tiles) : ''
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tileOrigin ? ` ${tileOrigin}` : ''}`,
    "connect-src 'self'",
    // docs/product/vouchers.md: the counter's QR reader decodes in a worker it makes from its own
    // code (a blob); page scripts stay limited by script-src.
    "worker-src 'self' blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

function safeOrigin(template: string): string {
  try {
    // Tile URLs carry {s} sub-domain placeholders; allow the parent domain's sub-domains then.
    const url = new URL(template.replace(/\{s\}\./, 'a.').replace(/\{[a-z]\}/g, '0'))
    return template.includes('{s}.')
      ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}`
      : url.origin
  } catch {
    return ''
  }
}
