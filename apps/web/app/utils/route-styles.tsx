import { createContext, useContext } from 'react'
import { useMatches } from 'react-router'

/**
 * A route's stylesheets (Vite `?url` imports of its CSS), exported as the route's `handle`. The
 * page's own stylesheets go into its HTML instead of being linked, so that nothing but the document
 * stands between a farmer on a slow network and the first paint (ADR 032).
 */
export type StyleHandle = { css: readonly string[] }

/** The text of a stylesheet to put into the page, or undefined to link it instead. */
export type CssText = (href: string) => string | undefined

function isStyleHandle(handle: unknown): handle is StyleHandle {
  return typeof handle === 'object' && handle !== null && Array.isArray((handle as StyleHandle).css)
}

/**
 * In the browser: a stylesheet the server put into this document is found by its href, and React
 * takes the element over without its text; any other is linked, and React waits for it to load
 * before it shows the page that needs it.
 */
function inDocument(href: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  return document.querySelector(`style[data-href~="${CSS.escape(href)}"]`) ? '' : undefined
}

/** The server provides the built files' text (utils/inline-css.server.ts). */
export const CssTextContext = createContext<CssText>(inDocument)

/** Every matched route's stylesheets, in route order, as React 19 style resources of one precedence. */
export function RouteStyles() {
  const cssText = useContext(CssTextContext)
  const hrefs = new Set(
    useMatches().flatMap((match) => (isStyleHandle(match.handle) ? match.handle.css : [])),
  )
  return [...hrefs].map((href) => {
    const text = cssText(href)
    return text === undefined ? (
      <link key={href} rel="stylesheet" href={href} precedence="app" />
    ) : (
      <style key={href} href={href} precedence="app">
        {text}
      </style>
    )
  })
}
