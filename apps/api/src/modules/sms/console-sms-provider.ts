import type { FastifyBaseLogger } from 'fastify'
import type { SmsMessage, SmsProvider } from './sms-provider.ts'

/**
 * The demo provider: nothing leaves the machine. The message stays in the outbox table (its code
 * sealed), where demo mode's GET /api/v1/dev/sms shows it. The log names the number only: a code
 * never reaches a log (docs/security.md row 50).
 */
export function createConsoleSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'console',
    outboxIsInbox: true,
    async send(message: SmsMessage) {
      log.info({ sms: { to: message.to } }, 'sms kept in the demo outbox (console provider)')
    },
  }
}
