import type { FastifyBaseLogger } from 'fastify'
import type { SmsMessage, SmsProvider } from './sms-provider.ts'

/**
 * The default provider: the message is only written to the outbox table (by the caller) and the
 * log, so a developer or a test reads the code from GET /api/v1/dev/sms.
 */
export function createConsoleSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'console',
    async send(message: SmsMessage) {
      log.info({ sms: { to: message.to, body: message.body } }, 'sms (console provider)')
    },
  }
}
