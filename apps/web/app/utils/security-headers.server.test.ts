import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './security-headers.server.ts'

describe('the page CSP (row 24)', () => {
  it('allows no base element, no plugins, no framing, and scripts only with the nonce', () => {
    const csp = contentSecurityPolicy('abc123')
    for (const directive of [
      "base-uri 'none'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "script-src 'self' 'nonce-abc123'",
    ])
      expect(csp).toContain(directive)
  })
})
