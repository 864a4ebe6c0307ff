import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One notice as the fake gateway sent it: the exact bytes and headers, and what it was answered. */
export type Delivery = {
  eventId: string
  headers: Record<string, string>
  body: string
  status: number
  answer: string
}

export type FakeCharge = {
  amount: number
  currency: 'thb' | 'myr'
  description?: string
  metadata?: { reference?: string; payer_name?: string }
  /** A charge that failed: the notice says so, and no money moved. */
  status?: 'successful' | 'failed'
}

export type FakeOpnGateway = {
  /** Where the tests (or a browser test's helper) ask it to take a payment. */
  url: string
  /** The webhook secret, base64, as the shop's OPN_WEBHOOK_SECRET. */
  secret: string
  deliveries: Delivery[]
  close: () => Promise<void>
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`

/**
 * A stand-in for Opn Payments that the tests start: a real HTTP server that takes a payment
 * (`POST /charges`) and tells the shop at `webhookUrl` as Opn does, a `charge.complete` event
 * signed with the webhook secret (hex HMAC-SHA256 of `<timestamp>.<body>`, the secret decoded from
 * base64), sent again while the shop does not answer 2xx (up to `attempts` times). Its signing is
 * written here from Opn's description, apart from the shop's, so the two check each other.
 * `POST /events/{id}/resend` sends a notice again, freshly signed, as Opn's dashboard does;
 * `secrets` (two while Opn rotates) sign each notice with each.
 */
export async function startFakeOpnGateway(options: {
  webhookUrl: string
  secrets?: string[]
  now?: () => Date
  attempts?: number
}): Promise<FakeOpnGateway> {
  const secrets = options.secrets ?? [randomBytes(32).toString('base64')]
  const now = options.now ?? (() => new Date())
  const attempts = options.attempts ?? 3
  const deliveries: Delivery[] = []
  const events = new Map<string, string>()

  async function deliver(eventId: string): Promise<Delivery[]> {
    const body = events.get(eventId)!
    const sent: Delivery[] = []
    for (let attempt = 0; attempt < attempts; attempt++) {
      const timestamp = String(Math.floor(now().getTime() / 1000))
      const signatures = secrets.map((s) =>
        createHmac('sha256', Buffer.from(s, 'base64')).update(`${timestamp}.${body}`).digest('hex'),
      )
      const headers = {
        'content-type': 'application/json',
        'omise-signature': signatures.join(','),
        'omise-signature-timestamp': timestamp,
      }
      const res = await fetch(options.webhookUrl, { method: 'POST', headers, body })
      const delivery = { eventId, headers, body, status: res.status, answer: await res.text() }
      deliveries.push(delivery)
      sent.push(delivery)
      if (res.ok) break
    }
    return sent
  }

  const server = createServer((request, response) => {
    const reply = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(json))
    }
    void (async () => {
      const resend = /^\/events\/([\w]+)\/resend$/.exec(request.url ?? '')
      if (request.method === 'POST' && request.url === '/charges') {
        const input = JSON.parse(await bodyOf(request)) as FakeCharge
        const at = now().toISOString()
        const paid = (input.status ?? 'successful') === 'successful'
        const charge = {
          object: 'charge',
          id: id('chrg'),
          livemode: false,
          amount: input.amount,
          currency: input.currency,
          description: input.description ?? null,
          metadata: input.metadata ?? {},
          status: input.status ?? 'successful',
          paid,
          paid_at: paid ? at : null,
          source: { type: input.currency === 'thb' ? 'promptpay' : 'duitnow_qr' },
          transaction: paid ? id('trxn') : null,
          created_at: at,
        }
        const eventId = id('evnt')
        events.set(
          eventId,
          JSON.stringify({
            object: 'event',
            id: eventId,
            livemode: false,
            key: 'charge.complete',
            created_at: at,
            data: charge,
          }),
        )
        return reply(200, { charge, event_id: eventId, deliveries: await deliver(eventId) })
      }
      if (request.method === 'POST' && resend && events.has(resend[1]!))
        return reply(200, { deliveries: await deliver(resend[1]!) })
      reply(404, { object: 'error', code: 'not_found' })
    })().catch((error: unknown) => reply(500, { object: 'error', message: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    secret: secrets.at(-1)!,
    deliveries,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Asks the fake gateway to take a payment; answers the charge and what the shop answered. */
export async function payThroughGateway(gatewayUrl: string, charge: FakeCharge) {
  const res = await fetch(`${gatewayUrl}/charges`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(charge),
  })
  if (!res.ok) throw new Error(`fake gateway: ${res.status} ${await res.text()}`)
  return (await res.json()) as {
    charge: { id: string }
    event_id: string
    deliveries: Delivery[]
  }
}
