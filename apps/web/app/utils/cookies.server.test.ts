import { describe, expect, it } from 'vitest'
import { readCookie, setCookieHeader } from './cookies.server.ts'

describe('cookies (read and written by the cookie package)', () => {
  const request = (cookie: string) => new Request('http://x/', { headers: { cookie } })

  it('reads one cookie, decoded, and nothing from a missing or broken header', () => {
    expect(readCookie(request('a=1; i18n_redirected=bm; b=%20x'), 'i18n_redirected')).toBe('bm')
    expect(readCookie(request('a=1; b=%20x'), 'b')).toBe(' x')
    expect(readCookie(request('a=1'), 'missing')).toBeNull()
    expect(readCookie(new Request('http://x/'), 'a')).toBeNull()
    expect(readCookie(request('bad; =x; a=%E0%A4%A'), 'a')).toBe('%E0%A4%A')
  })

  it('writes site-wide, SameSite=Lax cookies; HttpOnly on request; Max-Age 0 deletes', () => {
    const header = setCookieHeader('market', 'TH', { maxAgeSeconds: 60 })
    expect(header).toMatch(/^market=TH; /)
    expect(header).toContain('Max-Age=60')
    expect(header).toContain('Path=/')
    expect(header).toContain('SameSite=Lax')
    expect(header).not.toContain('HttpOnly')
    const session = setCookieHeader('__session', '', { maxAgeSeconds: 0, httpOnly: true })
    expect(session).toContain('HttpOnly')
    expect(session).toContain('Max-Age=0')
  })
})
