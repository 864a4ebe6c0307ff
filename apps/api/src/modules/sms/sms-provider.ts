/** Where SMS go. The outbox row is written by the caller for every provider. */
export type SmsMessage = { to: string; body: string }
export interface SmsProvider {
  readonly name: string
  /**
   * True when the outbox is where the message is read (the console provider of demo mode): its
   * sealed code is kept there. A real gateway's rows lose the code once it is delivered.
   */
  readonly outboxIsInbox?: boolean
  send(message: SmsMessage): Promise<void>
}
