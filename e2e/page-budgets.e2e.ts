import { request } from 'node:http'
import { test, expect } from '@playwright/test'
import { E2E_WEB_PORT } from './support/ports.ts'
import { PUBLIC_PAGES } from './support/public-pages.ts'

// docs/performance.md, F5: the first HTML of a page is at most 20 KB as sent with gzip, so a phone
// on a slow network has the whole document in a few round trips. Bytes are the same on any
// machine, so this can fail CI (the JavaScript budget is checked after the build:
// scripts/check-page-budgets.mjs). Times are measured by benchmarks, never here.
const HTML_BUDGET_BYTES = 20 * 1024

/** The document's size on the wire with gzip, as a first visit (no session, banner answered). */
function gzippedSize(path: string): Promise<{ status: number; bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(
      { host: '127.0.0.1', port: E2E_WEB_PORT, path, headers: { 'accept-encoding': 'gzip' } },
      (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            encoding: String(res.headers['content-encoding']),
          }),
        )
      },
    )
      .on('error', reject)
      .end()
  })
}

for (const locale of ['en', 'bm', 'th'] as const) {
  test(`${locale}: every public page's HTML is within ${HTML_BUDGET_BYTES / 1024} KB gzip`, async () => {
    const over: string[] = []
    for (const path of PUBLIC_PAGES) {
      const url = `/${locale}${path === '/' ? '' : path}`
      const answer = await gzippedSize(url)
      expect(answer.status, url).toBe(200)
      expect(answer.encoding, url).toBe('gzip')
      if (answer.bytes > HTML_BUDGET_BYTES) over.push(`${url}: ${answer.bytes} B`)
    }
    expect(over).toEqual([])
  })
}
