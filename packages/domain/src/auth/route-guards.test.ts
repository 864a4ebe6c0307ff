import { describe, expect, it } from 'vitest'
import { applyRouteGuards, type GuardSession } from './route-guards.ts'

const anonymous: GuardSession = {
  accessToken: null,
  user: null,
  preAuthSessionId: null,
  pinResetVerified: false,
}
const customer: GuardSession = {
  accessToken: 'jwt',
  user: { kycStatus: null, isPinSet: false },
  preAuthSessionId: null,
  pinResetVerified: false,
}
const signingUp: GuardSession = {
  accessToken: 'preauth-jwt',
  user: null,
  preAuthSessionId: 'psid',
  pinResetVerified: false,
}

describe('docs/product/accounts.md route guards, in order', () => {
  it('2: PIN set and reset not verified sends PIN setup to forgot-PIN', () => {
    const s = { ...customer, user: { kycStatus: null, isPinSet: true } }
    expect(applyRouteGuards('/auth/pin-setup', s)).toEqual({ kind: 'redirect', to: '/forgot-pin' })
    expect(applyRouteGuards('/auth/pin-setup', { ...s, pinResetVerified: true })).toEqual({
      kind: 'allow',
    })
    expect(applyRouteGuards('/auth/pin-setup', customer)).toEqual({ kind: 'allow' })
  })
  it('3: leaving sign-up with a pre-auth token clears the auth state', () => {
    expect(applyRouteGuards('/about', signingUp)).toEqual({ kind: 'clear-and-continue' })
    expect(applyRouteGuards('/signup', signingUp)).toEqual({ kind: 'allow' })
  })
  it('4: a logged-in user opening sign-up or login goes home', () => {
    expect(applyRouteGuards('/login', customer)).toEqual({ kind: 'redirect', to: '/' })
    expect(applyRouteGuards('/signup', customer)).toEqual({ kind: 'redirect', to: '/' })
    expect(applyRouteGuards('/login', anonymous)).toEqual({ kind: 'allow' })
  })
  it('5: a pending pre-auth session without user opening KYC or dashboard goes home', () => {
    const pending = { ...signingUp, accessToken: null }
    expect(applyRouteGuards('/kyc', pending)).toEqual({ kind: 'redirect', to: '/' })
    expect(applyRouteGuards('/dashboard', pending)).toEqual({ kind: 'redirect', to: '/' })
  })
  it('6: no user and no token: KYC, dashboard, cart and receipt need a login', () => {
    for (const p of ['/kyc', '/dashboard', '/cart', '/receipt', '/receipt/success']) {
      expect(applyRouteGuards(p, anonymous)).toEqual({ kind: 'redirect', to: '/login' })
    }
    expect(applyRouteGuards('/receipts-info', anonymous)).toEqual({ kind: 'allow' })
    expect(applyRouteGuards('/dashboard', customer)).toEqual({ kind: 'allow' })
  })
  it('7: KYC passed sends /kyc to the products', () => {
    const approved = { ...customer, user: { kycStatus: 'APPROVED' as const, isPinSet: false } }
    expect(applyRouteGuards('/kyc', approved)).toEqual({ kind: 'redirect', to: '/products' })
    expect(applyRouteGuards('/kyc', customer)).toEqual({ kind: 'allow' })
  })
  it('8: a logged-in user opening late repayment goes home', () => {
    expect(applyRouteGuards('/late-repayment', customer)).toEqual({ kind: 'redirect', to: '/' })
    expect(applyRouteGuards('/late-repayment', anonymous)).toEqual({ kind: 'allow' })
  })
})
