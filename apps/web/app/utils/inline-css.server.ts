import { readFileSync } from 'node:fs'

// The server bundle is build/server/index.js; the browser's files are in build/client.
const CLIENT_DIR = new URL('../client/', import.meta.url)
const texts = new Map<string, string | undefined>()

/**
 * The text of a built stylesheet under /assets, read once and kept (the files are content-hashed
 * and never change under a running server). Undefined in development, where Vite serves the CSS.
 */
export function builtCssText(href: string): string | undefined {
  if (import.meta.env.DEV || !/^\/assets\/[\w.-]+\.css$/.test(href)) return undefined
  if (!texts.has(href)) {
    let text: string | undefined
    try {
      text = readFileSync(new URL(`.${href}`, CLIENT_DIR), 'utf8')
    } catch {
      text = undefined
    }
    texts.set(href, text)
  }
  return texts.get(href)
}
