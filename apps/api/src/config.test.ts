import { describe, expect, it } from 'vitest'
import { loadApiConfig } from './config.ts'

const base = {
  JWT_SECRET: 'x'.repeat(32),
  OTP_SECRET: 'y'.repeat(32),
  FILE_ENCRYPTION_KEY: 'z'.repeat(43),
}

describe('the collecting accounts (docs/product/repayments.md, Paying by QR)', () => {
  it('a market without its account offers no QR; demo mode has made-up ones', () => {
    expect(loadApiConfig({ ...base, DEMO_MODE: 'false' }).collectingAccounts).toEqual({})
    const demo = loadApiConfig({ ...base, DEMO_MODE: 'true' }).collectingAccounts
    expect(demo.MY).toMatchObject({ scheme: 'duitnow', acquirerId: '000000' })
    expect(demo.TH).toMatchObject({ scheme: 'promptpay', billerId: '000000000000000' })
  })

  it('takes each account from its variables', () => {
    const accounts = loadApiConfig({
      ...base,
      DEMO_MODE: 'false',
      DUITNOW_ACQUIRER_ID: '890061',
      DUITNOW_MERCHANT_ID: 'SAWAHMART0001',
      PROMPTPAY_BILLER_ID: '010556012345601',
    }).collectingAccounts
    expect(accounts.MY).toMatchObject({ acquirerId: '890061', merchantId: 'SAWAHMART0001' })
    expect(accounts.TH).toMatchObject({ billerId: '010556012345601' })
  })

  it('refuses to start with an account a scheme would refuse, saying which and why', () => {
    for (const [env, words] of [
      [{ DUITNOW_ACQUIRER_ID: '89006' }, /DUITNOW_\*: DuitNow acquirer id/],
      [{ DUITNOW_ACQUIRER_ID: '890061' }, /DUITNOW_\*: DuitNow merchant id/],
      [{ PROMPTPAY_BILLER_ID: '0105560123456' }, /PROMPTPAY_\*: PromptPay biller id/],
      [{ PROMPTPAY_BILLER_ID: '010556012345601', PROMPTPAY_ACCOUNT_NAME: 'ซาวาห์' }, /account name/],
    ] as const)
      expect(() => loadApiConfig({ ...base, DEMO_MODE: 'false', ...env })).toThrow(words)
  })
})

describe('the payment gateway (docs/product/repayments.md, A payment gateway’s notice)', () => {
  it('takes the webhook secret as base64 of 16 bytes or more, and refuses to start otherwise', () => {
    const secret = Buffer.alloc(32, 7).toString('base64')
    expect(loadApiConfig({ ...base, OPN_WEBHOOK_SECRET: secret }).OPN_WEBHOOK_SECRET).toBe(secret)
    expect(loadApiConfig({ ...base, OPN_WEBHOOK_SECRET: '' }).OPN_WEBHOOK_SECRET).toBeUndefined()
    for (const [value, words] of [
      ['not base64!', /OPN_WEBHOOK_SECRET: the webhook secret as base64/],
      [Buffer.alloc(8).toString('base64'), /OPN_WEBHOOK_SECRET: a secret of 16 bytes or more/],
    ] as const)
      expect(() => loadApiConfig({ ...base, OPN_WEBHOOK_SECRET: value })).toThrow(words)
  })
})
