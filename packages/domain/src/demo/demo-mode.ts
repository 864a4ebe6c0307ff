import type { Role } from '../auth/roles.ts'

/**
 * docs/product/demo-mode.md: demo mode lets a person try the shop on a fresh clone (sign-up codes
 * readable from the SMS outbox) and is never on where the shop serves real users.
 *
 * `auto` (the default) turns it on only for the embedded database with the console SMS provider;
 * PostgreSQL or a real SMS gateway means a deployment, so it stays off unless set to `true`, and
 * `true` with a real SMS gateway is refused at start.
 */
export const DEMO_MODE_SETTINGS = ['auto', 'true', 'false'] as const
export type DemoModeSetting = (typeof DEMO_MODE_SETTINGS)[number]

export function resolveDemoMode(input: {
  setting: DemoModeSetting
  databaseUrl: string | undefined
  smsProvider: string | undefined
}): boolean {
  const realSms = (input.smsProvider ?? 'console') !== 'console'
  if (input.setting === 'true') {
    if (realSms) throw new Error('DEMO_MODE=true cannot be used with a real SMS provider')
    return true
  }
  if (input.setting === 'false') return false
  return !input.databaseUrl && !realSms
}

/**
 * docs/product/demo-mode.md: the seeded back-office accounts have published passwords, so in demo
 * mode nobody may reset their password or PIN and take them over; customers may.
 */
export function resetAllowedInDemo(role: Role): boolean {
  return role === 'customer'
}
