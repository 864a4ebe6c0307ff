import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { INT4_MAX, textLine } from '@padi/domain/input-schemas'
import type { NoticeHeaders, NoticeReading, PaymentGateway } from './payment-gateway.ts'

/**
 * How old (or how far ahead of our clock) a notice's signed time may be. Older is a replay of a
 * notice someone kept; the gateway's own retries are signed afresh each time.
 */
export const OPN_NOTICE_TOLERANCE_SECONDS = 300

/** The headers that carry a notice's signature, as Opn names them. */
export const OPN_SIGNATURE_HEADERS = ['Omise-Signature', 'Omise-Signature-Timestamp'] as const
const SIGNATURE = 'omise-signature'
const TIMESTAMP = 'omise-signature-timestamp'

const Id = z.string().regex(/^[a-z]{2,8}_[A-Za-z0-9_]{1,64}$/)

/** The parts of an Opn event the shop reads; anything else in it is left alone. */
const OpnEvent = z.object({
  object: z.literal('event'),
  id: Id,
  key: z.string().regex(/^[a-z_]+(\.[a-z_]+)+$/),
  created_at: z.iso.datetime({ offset: true }).optional(),
  data: z.unknown(),
})

const OpnCharge = z.object({
  object: z.literal('charge'),
  id: Id,
  status: z.string(),
  paid: z.boolean(),
  amount: z.number().int().positive().max(INT4_MAX),
  currency: z.enum(['thb', 'myr', 'THB', 'MYR']).transform((c) => c.toUpperCase() as 'THB' | 'MYR'),
  description: textLine().max(500).nullish(),
  paid_at: z.iso.datetime({ offset: true }).nullish(),
  created_at: z.iso.datetime({ offset: true }),
  metadata: z
    .object({
      reference: textLine().max(40).optional(),
      payer_name: textLine().max(140).optional(),
    })
    .nullish(),
})

/** A field's problems as the API's refusals name them (`data.amount`), the first of each. */
function fieldsOf(error: z.ZodError, prefix: string[] = []) {
  const fields: { field: string; message: string }[] = []
  for (const issue of error.issues) {
    const field = [...prefix, ...issue.path.map(String)].join('.')
    if (!fields.some((f) => f.field === field))
      fields.push({ field, message: 'validation.invalid' })
  }
  return fields
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * docs/product/repayments.md (A payment gateway's notice): Opn Payments (Omise), which runs
 * PromptPay in Thailand and DuitNow QR in Malaysia. Each notice is signed with the webhook
 * secret (given base64): `Omise-Signature` holds the hex HMAC-SHA256 of
 * `<Omise-Signature-Timestamp>.<raw body>`, two of them, comma-separated, while Opn rotates the
 * secret; either proves it. A charge that completed and is paid is a payment; the charge carries
 * our reference in its metadata (set when the charge was made), or its description holds it.
 */
export function opnGateway(secretBase64: string): PaymentGateway {
  const key = Buffer.from(secretBase64, 'base64')
  if (key.length < 16) throw new Error('OPN_WEBHOOK_SECRET: a base64 secret of 16 bytes or more')

  function proven(headers: NoticeHeaders, rawBody: Buffer, now: Date): string | null {
    const timestamp = one(headers[TIMESTAMP])
    const signatures = one(headers[SIGNATURE])
    if (!timestamp || !signatures) return 'no signature'
    if (!/^\d{1,12}$/.test(timestamp)) return 'malformed timestamp'
    if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > OPN_NOTICE_TOLERANCE_SECONDS)
      return 'signed too long ago (or ahead of our clock)'
    const expected = createHmac('sha256', key).update(`${timestamp}.`).update(rawBody).digest()
    for (const given of signatures.split(',')) {
      const hex = given.trim()
      if (!/^[0-9a-f]{64}$/i.test(hex)) continue
      if (timingSafeEqual(Buffer.from(hex, 'hex'), expected)) return null
    }
    return 'signature does not match'
  }

  return {
    name: 'opn',
    read(headers, rawBody, now): NoticeReading {
      const problem = proven(headers, rawBody, now)
      if (problem) return { ok: false, problem: 'signature', detail: problem }
      let json: unknown
      try {
        json = JSON.parse(rawBody.toString('utf8'))
      } catch {
        const fields = [{ field: '', message: 'validation.invalid' }]
        return { ok: false, problem: 'body', detail: 'not JSON', fields }
      }
      const event = OpnEvent.safeParse(json)
      if (!event.success)
        return {
          ok: false,
          problem: 'body',
          detail: 'not an Opn event',
          fields: fieldsOf(event.error),
        }
      if (event.data.key !== 'charge.complete')
        return { ok: true, notice: { kind: 'other', eventId: event.data.id, type: event.data.key } }
      const charge = OpnCharge.safeParse(event.data.data)
      if (!charge.success)
        return {
          ok: false,
          problem: 'body',
          detail: 'not an Opn charge',
          fields: fieldsOf(charge.error, ['data']),
        }
      const c = charge.data
      // A completed charge that failed or expired is no money in.
      if (c.status !== 'successful' || !c.paid)
        return {
          ok: true,
          notice: { kind: 'other', eventId: event.data.id, type: `charge.${c.status}` },
        }
      return {
        ok: true,
        notice: {
          kind: 'payment',
          payment: {
            paymentId: c.id,
            eventId: event.data.id,
            amountMinor: c.amount,
            currency: c.currency,
            reference: c.metadata?.reference ?? null,
            details: c.description ?? '',
            payerName: c.metadata?.payer_name ?? null,
            paidAt: new Date(c.paid_at ?? c.created_at),
          },
        },
      }
    },
  }
}
