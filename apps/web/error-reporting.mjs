// docs/product/error-reporting.md: the web server's own errors, and the pages' reports, which come
// here (Sentry's `tunnel`) so a page talks only to its own site. Off unless SENTRY_DSN is set.
import { scrubValue } from '@padi/domain/privacy/scrub-personal-data'
import { REPORT_PRIVACY, TRACES_SAMPLE_RATE } from '@padi/domain/privacy/report-privacy'

/** The largest report a page may send (a replay segment is the biggest; Sentry takes 1 MB). */
export const ENVELOPE_MAX_BYTES = 1024 * 1024

/** Where a DSN's envelopes go: `https://key@host/path/project` → `https://host/path/api/project/envelope/`. */
export function envelopeUrl(dsn) {
  const url = new URL(dsn)
  const parts = url.pathname.split('/').filter(Boolean)
  const project = parts.pop()
  if (!project || !/^\d+$/.test(project)) throw new Error('SENTRY_DSN has no project id')
  const prefix = parts.length ? `/${parts.join('/')}` : ''
  return `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`
}

/** The SDK once started; null while reports are off. */
let sdk = null

/**
 * Starts the SDK when SENTRY_DSN is set; answers whether reports will be sent. The SDK is loaded
 * only then: with its tracing parts it is about 27 MB of the server's memory (docs/performance.md,
 * Memory), which a server that reports nowhere does not need.
 */
export async function startWebErrorReporting(env = process.env) {
  const dsn = env.SENTRY_DSN
  if (!dsn) return false
  envelopeUrl(dsn)
  const Sentry = await import('@sentry/node')
  Sentry.init({
    ...REPORT_PRIVACY,
    dsn,
    environment: env.SENTRY_ENVIRONMENT || env.NODE_ENV || 'production',
    release: env.SENTRY_RELEASE || undefined,
    serverName: 'web',
    tracesSampleRate: TRACES_SAMPLE_RATE,
    integrations: [
      // React Router reports a failed render or loader with console.error: that is an error;
      // a warning is a log.
      Sentry.captureConsoleIntegration({ levels: ['error'] }),
      Sentry.consoleLoggingIntegration({ levels: ['warn'] }),
    ],
  })
  sdk = Sentry
  return true
}

/** Sends what is queued (at most 2 s) before the server ends. */
export async function stopWebErrorReporting() {
  if (sdk?.getClient()) await sdk.close(2000)
}

/** Envelope items whose payload is JSON we can read and scrub; others (replay frames) pass as they are. */
const BINARY_ITEMS = new Set(['replay_recording', 'attachment', 'profile_chunk'])

/** Splits an envelope (header line, then items: header line and payload) into its parts. */
export function parseEnvelope(body) {
  const lineEnd = (from) => {
    const at = body.indexOf(10, from)
    return at === -1 ? body.length : at
  }
  let end = lineEnd(0)
  const header = JSON.parse(body.subarray(0, end).toString('utf8'))
  let at = end + 1
  const items = []
  while (at < body.length) {
    end = lineEnd(at)
    if (end === at) {
      at += 1
      continue
    }
    const itemHeader = JSON.parse(body.subarray(at, end).toString('utf8'))
    at = end + 1
    let payload
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(at, at + itemHeader.length)
      at += itemHeader.length + 1
    } else {
      end = lineEnd(at)
      payload = body.subarray(at, end)
      at = end + 1
    }
    items.push({ header: itemHeader, payload })
  }
  return { header, items }
}

function serializeEnvelope({ header, items }) {
  const parts = [Buffer.from(`${JSON.stringify(header)}\n`)]
  for (const item of items) {
    parts.push(Buffer.from(`${JSON.stringify({ ...item.header, length: item.payload.length })}\n`))
    parts.push(item.payload, Buffer.from('\n'))
  }
  return Buffer.concat(parts)
}

/**
 * POST /errors/envelope: a page's report. Only for our own DSN (this is no open relay), only from
 * our own pages, at most 1 MB; every readable part scrubbed again before it leaves.
 */
export function createErrorTunnel({ dsn, forward = fetch }) {
  const upstream = envelopeUrl(dsn)
  return async (req, res) => {
    const origin = req.headers.origin
    if (origin && (!URL.canParse(origin) || new URL(origin).host !== req.headers.host))
      return res.status(403).end()
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) return res.status(400).end()
    let envelope
    try {
      envelope = parseEnvelope(req.body)
    } catch {
      return res.status(400).end()
    }
    if (envelope.header.dsn !== dsn) return res.status(400).end()
    const items = envelope.items.map((item) => {
      if (BINARY_ITEMS.has(item.header.type)) return item
      try {
        const value = scrubValue(JSON.parse(item.payload.toString('utf8')))
        return { header: item.header, payload: Buffer.from(JSON.stringify(value)) }
      } catch {
        return null
      }
    })
    if (items.includes(null)) return res.status(400).end()
    try {
      const answer = await forward(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope' },
        body: serializeEnvelope({ header: envelope.header, items }),
        signal: AbortSignal.timeout(5000),
      })
      res.status(answer.status === 429 ? 429 : 200).end()
    } catch {
      // The service is away: the page is not told to retry a report forever.
      res.status(202).end()
    }
  }
}
