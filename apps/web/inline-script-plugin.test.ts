import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { inlineScript } from './inline-script-plugin.ts'

const entry = fileURLToPath(
  new URL('./app/routes/vouchers/+shared/live-qr-inline.ts', import.meta.url),
)

/** The plugin's load hook, as Vite calls it, for one `?inline-script` id. */
async function load(id: string): Promise<string> {
  const plugin = inlineScript()
  const hook = plugin.load as (this: unknown, id: string) => Promise<string | null>
  const context = { addWatchFile: () => {} }
  const module = await hook.call(context, id)
  return JSON.parse(module!.replace(/^export default /, '')) as string
}

describe('inline-script-plugin', () => {
  it('makes the QR page’s live script one self-contained, minified script (ADR 084)', async () => {
    const code = await load(`${entry}?inline-script`)
    // A classic script: nothing to import, nothing left for a module loader.
    expect(code).not.toMatch(/\bimport\s*[{(*"']|\bexport\s/)
    expect(() => new Function(code)).not.toThrow()
    // What it bundles: the live rules of live-qr.ts (the 5 s margin) and the page's part names.
    expect(code).toContain('5e3')
    expect(code).toContain('data-part')
    // The page carries it on every visit: the budget ADR 084 gives it.
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(2_048)
  })

  it('leaves every other import to Vite', async () => {
    const plugin = inlineScript()
    const hook = plugin.load as (this: unknown, id: string) => Promise<string | null>
    expect(await hook.call({}, entry)).toBeNull()
  })
})
