import { resolve } from 'node:path'
import { build } from 'esbuild'
import type { Plugin } from 'vite'

const QUERY = '?inline-script'

/**
 * `import code from './x.ts?inline-script'` gives `x.ts` and what it imports bundled and minified
 * into one string, for the server to put in a page as an inline script (ADR 084: the QR page's
 * live part runs before, and without, the page's React). The string is only used when rendering
 * on the server (`import.meta.env.SSR`), so the browser's bundle drops it.
 */
export function inlineScript(): Plugin {
  return {
    name: 'padi:inline-script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, {
        skipSelf: true,
      })
      return resolved ? `${resolved.id}${QUERY}` : null
    },
    async load(id) {
      if (!id.endsWith(QUERY)) return null
      const entry = id.slice(0, -QUERY.length)
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        write: false,
        metafile: true,
        logLevel: 'silent',
      })
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(resolve(input))
      const code = result.outputFiles[0]!.text.trim()
      return `export default ${JSON.stringify(code)}`
    },
  }
}
