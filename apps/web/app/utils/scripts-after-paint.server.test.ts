import { describe, expect, it } from 'vitest'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { parkScriptTags, parkScriptTagsStream } from './scripts-after-paint.server.ts'

const DOC =
  '<html><head><link rel="modulepreload" href="/assets/a.js" nonce="n1"/>' +
  '<link rel="stylesheet" href="/assets/app.css"/></head><body><p>Racun &lt;link rel=&quot;modulepreload&quot;&gt;</p>' +
  '<script nonce="n1">window.x=1</script>' +
  '<script nonce="n1" type="module" async="">import "/assets/a.js";</script></body></html>'

const PARKED =
  '<html><head><link rel="x-modulepreload" href="/assets/a.js" nonce="n1"/>' +
  '<link rel="stylesheet" href="/assets/app.css"/></head><body><p>Racun &lt;link rel=&quot;modulepreload&quot;&gt;</p>' +
  '<script nonce="n1">window.x=1</script>' +
  '<script nonce="n1" type="text/x-module">import "/assets/a.js";</script></body></html>'

describe('parking script tags until the first paint', () => {
  it('renames module preloads and the module script, and nothing else', () => {
    expect(parkScriptTags(DOC)).toBe(PARKED)
  })

  it('gives the same document whatever the chunk boundaries, even inside a tag or a character', async () => {
    const bytes = Buffer.from(DOC.replace('Racun', 'ยาฆ่าแมลง'))
    const expected = PARKED.replace('Racun', 'ยาฆ่าแมลง')
    for (let size = 1; size <= 40; size++) {
      const chunks: Buffer[] = []
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size))
      let ended = 0
      const out = await text(Readable.from(chunks).pipe(parkScriptTagsStream(() => ended++)))
      expect(out).toBe(expected)
      expect(ended).toBe(1)
    }
  })
})
