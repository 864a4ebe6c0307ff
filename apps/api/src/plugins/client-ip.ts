import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sameSecret } from '../secrets.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The address that rate limits and send caps count against (ADR 018). */
    readonly clientIp: string
  }
}

export type ClientIpOptions = {
  trustedProxies: readonly string[]
  proxySecret?: string | undefined
}

/**
 * ADR 018: X-Forwarded-For is believed only from a proxy that proves itself, by its address in an
 * explicit list or by the shared secret the web server sends; anyone else is counted by the
 * address they connect from, whatever they put in the header.
 */
export function clientIpOf(request: FastifyRequest, options: ClientIpOptions): string {
  const peer = request.socket?.remoteAddress ?? request.ip
  const secret = request.headers['x-proxy-secret']
  const proven =
    options.trustedProxies.includes(peer) ||
    (options.proxySecret !== undefined &&
      typeof secret === 'string' &&
      sameSecret(secret, options.proxySecret))
  if (!proven) return peer
  const forwarded = request.headers['x-forwarded-for']
  const header = Array.isArray(forwarded) ? forwarded.join(',') : forwarded
  // The nearest hop is the one the trusted proxy wrote; anything before it came from the client.
  const last = header
    ?.split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .at(-1)
  return last && last.length <= 64 ? last : peer
}

export function registerClientIp(app: FastifyInstance, options: ClientIpOptions) {
  app.decorateRequest('clientIp', {
    getter(this: FastifyRequest) {
      return clientIpOf(this, options)
    },
  })
}
