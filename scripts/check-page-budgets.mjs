#!/usr/bin/env node
// `npm run check:budgets` (and a step of `npm test` after the build): fails when a page's
// first-load JavaScript passes its budget (docs/performance.md: F4, 130 KB gzip). Bytes, not times:
// the same build gives the same figure on any machine, so this can stop CI where a timing cannot.
//
// First load is what React Router names in the document for a page: the client entry and its
// imports, and each matched route's module and imports, from root down to the page. Code a page
// imports after it is shown (dynamic import) is not counted. Each file is counted once, gzip -9.
import './require-node-24.mjs'
import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const JS_BUDGET_BYTES = 130 * 1024

const web = fileURLToPath(new URL('../apps/web/build/', import.meta.url))

/** First-load JS per page route: `{ id, bytes, files }`, heaviest first. */
export async function firstLoadJs() {
  const serverBuild = `${web}server/index.js`
  if (!existsSync(serverBuild)) throw new Error('No build: run `npm run build` first.')
  const { assets } = await import(pathToFileURL(serverBuild).href)
  const sizes = new Map()
  const gz = (file) => {
    if (!sizes.has(file))
      sizes.set(file, gzipSync(readFileSync(`${web}client${file}`), { level: 9 }).length)
    return sizes.get(file)
  }
  const pages = []
  for (const route of Object.values(assets.routes)) {
    // Resource routes (no component) send no page, so no JavaScript.
    if (!route.hasDefaultExport) continue
    const files = new Set([assets.entry.module, ...assets.entry.imports])
    for (let r = route; r; r = r.parentId ? assets.routes[r.parentId] : undefined) {
      files.add(r.module)
      for (const file of r.imports ?? []) files.add(file)
    }
    let bytes = 0
    for (const file of files) bytes += gz(file)
    pages.push({ id: route.id, bytes, files: files.size })
  }
  return pages.sort((a, b) => b.bytes - a.bytes)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pages = await firstLoadJs()
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`
  const over = pages.filter((p) => p.bytes > JS_BUDGET_BYTES)
  console.log(`First-load JS per page (gzip -9), budget ${kb(JS_BUDGET_BYTES)}:`)
  for (const p of pages)
    console.log(
      `  ${p.bytes > JS_BUDGET_BYTES ? '✖' : '✓'} ${kb(p.bytes).padStart(9)}  ${String(p.files).padStart(2)} files  ${p.id}`,
    )
  if (over.length) {
    console.error(`\n${over.length} page(s) over the JavaScript budget.`)
    process.exit(1)
  }
}
