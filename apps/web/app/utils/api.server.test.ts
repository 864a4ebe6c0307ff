import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient } from './api.server.ts'

/** An HTTP server standing in for the API's file answers, driven step by step by the test. */
async function fileServer(handler: Parameters<typeof createServer>[1]) {
  const server: Server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() }
}

const PHOTO = 'A'.repeat(22)

describe('files streamed on from the API (docs/reliability.md, Files)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('a file read at a 2G pace is never cut off by the limit on the API answering', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let sendRest = () => {}
    const rest = new Promise<void>((resolve) => (sendRest = resolve))
    const api = await fileServer(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/webp' })
      response.write(Buffer.alloc(64_000, 1))
      await rest
      response.end(Buffer.alloc(64_000, 2))
    })
    try {
      const file = await createApiClient(api.url).productPhoto(PHOTO, '480.webp')
      // The farmer's phone takes a minute over the file: far past the 10 s the API has to answer.
      vi.advanceTimersByTime(60_000)
      sendRest()
      const bytes = new Uint8Array(await file.arrayBuffer())
      expect(bytes.byteLength).toBe(128_000)
      expect(bytes.at(-1)).toBe(2)
    } finally {
      api.close()
    }
  })

  it('an API that does not answer within 10 s is said as unreachable', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const held: Array<() => void> = []
    const api = await fileServer((_request, response) => {
      held.push(() => response.end())
    })
    try {
      const pending = createApiClient(api.url)
        .productPhoto(PHOTO, '480.webp')
        .catch((error: unknown) => error)
      await vi.waitUntil(() => held.length === 1)
      vi.advanceTimersByTime(10_000)
      const error = await pending
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ statusCode: 503, code: 'NETWORK' })
    } finally {
      for (const release of held) release()
      api.close()
    }
  })

  it('a refused file keeps the API code', async () => {
    const api = await fileServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'No photo' }))
    })
    try {
      const error = await createApiClient(api.url)
        .productPhoto(PHOTO, '480.webp')
        .catch((e: unknown) => e)
      expect(error).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'No photo' })
    } finally {
      api.close()
    }
  })
})
