// A stand-in for the error-reporting service (Sentry's envelope endpoint) on this machine: keeps
// every envelope it is sent so a test can read what would have left the shop.
import { createServer, type Server } from 'node:http'
import { gunzipSync, inflateSync } from 'node:zlib'
import { parseEnvelope } from '../../apps/web/error-reporting.mjs'

export type CollectedItem = { type: string; text: string; json: unknown }

export type FakeCollector = {
  dsn: string
  /** Every item received so far (events, logs, replays, feedback), each as readable text. */
  items: () => CollectedItem[]
  /** Everything received, as one text, to search for what must not be there. */
  allText: () => string
  close: () => Promise<void>
}

function readable(type: string, payload: Buffer): string {
  if (type !== 'replay_recording') return payload.toString('utf8')
  // A replay segment: a JSON header line, then the recorded frames, zlib-compressed (or not, when
  // the page could not start its compression worker).
  const newline = payload.indexOf(10)
  const frames = payload.subarray(newline + 1)
  try {
    return `${payload.subarray(0, newline)}\n${inflateSync(frames).toString('utf8')}`
  } catch {
    return payload.toString('utf8')
  }
}

export async function startFakeCollector(port: number): Promise<FakeCollector> {
  const received: CollectedItem[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      let body = Buffer.concat(chunks)
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body)
      if (req.method === 'POST' && /^\/api\/\d+\/envelope\/?(\?|$)/.test(req.url ?? '')) {
        try {
          for (const item of parseEnvelope(body).items) {
            const text = readable(String(item.header.type), item.payload)
            let json: unknown = null
            try {
              json = JSON.parse(text)
            } catch {
              json = null
            }
            received.push({ type: String(item.header.type), text, json })
          }
        } catch {
          res.statusCode = 400
          return res.end()
        }
      }
      res.statusCode = 200
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    items: () => [...received],
    allText: () => received.map((i) => i.text).join('\n'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
