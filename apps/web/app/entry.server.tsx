import { randomBytes } from 'node:crypto'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { createReadableStreamFromReadable } from '@react-router/node'
import { ServerRouter } from 'react-router'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceContext } from './utils/nonce.ts'
import { CssTextContext } from './utils/route-styles.tsx'
import { builtCssText } from './utils/inline-css.server.ts'
import { parkScriptTagsStream } from './utils/scripts-after-paint.server.ts'
import { contentSecurityPolicy } from './utils/security-headers.server.ts'
import { sessionContext } from './utils/session.server.ts'
import { isSharedPage, SHARED_KEY_HEADER, SHARED_PAGE_HEADER } from './utils/shared-page.server.ts'

// The page cache in front of React Router reads the session through this (ADR 086).
export { sharedPageLookup } from './utils/shared-page.server.ts'

export const streamTimeout = 5_000

/**
 * React Router's default Node entry, plus a per-request CSP nonce for its inline scripts and its
 * script tags parked until the first paint (utils/scripts-after-paint.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = randomBytes(16).toString('base64')
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce))
  // ADR 086: a logged-in customer's page that others with the same key may be shown.
  const asked = request.headers.get(SHARED_KEY_HEADER)
  if (asked && isSharedPage(asked, loadContext.get(sessionContext), routerContext))
    responseHeaders.set(SHARED_PAGE_HEADER, '1')

  return new Promise((resolve, reject) => {
    let shellRendered = false
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    )

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <CssTextContext.Provider value={builtCssText}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CssTextContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // The whole document at once, for browsers as for bots: every loader has finished before
        // React renders (no page defers data), so streaming the shell first gains nothing, and it
        // cost a hidden copy of the loader data plus React's script to move it into place after the
        // first paint, work a slow phone did after showing the page (ADR 032).
        onAllReady() {
          shellRendered = true
          const body = parkScriptTagsStream(() => {
            clearTimeout(timeoutId)
            timeoutId = undefined
          })
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
