const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The one cross-site request check of the web server (docs/security.md row 23), run for every
 * request before any action: a request that can change something must come from this site.
 * - With an Origin header: it must be this site's origin (the one the request was made to, or one
 *   of PUBLIC_ORIGINS behind a TLS proxy). 'null' (sandboxed frames, odd redirects) is refused.
 * - Without one (old browsers, some privacy settings): a Referer from this site will do; with
 *   neither, only a request that carries no cookies, which has no session to ride on.
 */
export function isCrossSiteRequest(request: Request, publicOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false
  const own = new Set([new URL(request.url).origin, ...publicOrigins])
  const origin = request.headers.get('origin')
  if (origin !== null) return !own.has(origin)
  const referer = request.headers.get('referer')
  if (referer) return !URL.canParse(referer) || !own.has(new URL(referer).origin)
  return Boolean(request.headers.get('cookie'))
}
