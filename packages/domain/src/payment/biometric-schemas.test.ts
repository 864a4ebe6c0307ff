import { describe, expect, it } from 'vitest'
import { RegistrationOptionsRequestSchema } from './biometric-schemas.ts'

// docs/product/orders-and-payments.md (Biometrics): adding a phone needs proof that the account
// holder is there: the payment PIN, or, for a customer with no PIN, a code sent by SMS instead.

const code = {
  preAuthSessionId: 'session-0123456789abcdef',
  deviceId: 'device-0123456789abcdef',
  userInputCode: '482913',
}

describe('the proof for adding a phone (docs/product/orders-and-payments.md: Biometrics)', () => {
  it('is the PIN, or the code by SMS', () => {
    expect(RegistrationOptionsRequestSchema.safeParse({ pin: '390571' }).success).toBe(true)
    expect(RegistrationOptionsRequestSchema.safeParse({ code }).success).toBe(true)
  })

  it('is never both: the code stands in for a PIN the customer does not have', () => {
    expect(
      RegistrationOptionsRequestSchema.safeParse({ pin: '390571', code }).error?.issues[0],
    ).toMatchObject({ path: ['code'], message: 'validation.invalid' })
  })

  it('takes a PIN of 6 digits and a code of 6 digits only', () => {
    expect(RegistrationOptionsRequestSchema.safeParse({ pin: '12345' }).success).toBe(false)
    expect(
      RegistrationOptionsRequestSchema.safeParse({ code: { ...code, userInputCode: '4829' } })
        .success,
    ).toBe(false)
  })
})
