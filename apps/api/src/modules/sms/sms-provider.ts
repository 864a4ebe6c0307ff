/** Where SMS go (issue 3). The outbox row is written by the caller for every provider. */
export type SmsMessage = { to: string; body: string }
export interface SmsProvider {
  readonly name: string
  send(message: SmsMessage): Promise<void>
}
