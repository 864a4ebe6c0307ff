import type { SmsMessage, SmsProvider } from './sms-provider.ts'

/**
 * A real SMS gateway over HTTP: POST {to, message, sender} as JSON with the key as a Bearer token.
 * Most Malaysian and Thai gateways take this shape or are a small adapter away from it.
 */
export function createHttpSmsProvider(options: {
  url: string
  apiKey?: string | undefined
  sender: string
  timeoutMs?: number
  fetchImpl?: typeof fetch
}): SmsProvider {
  const doFetch = options.fetchImpl ?? fetch
  return {
    name: 'http',
    async send(message: SmsMessage) {
      const response = await doFetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({ to: message.to, message: message.body, sender: options.sender }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
      if (!response.ok) {
        throw new Error(`SMS gateway answered ${response.status}`)
      }
    },
  }
}
