import { describe, expect, it } from 'vitest'
import { isCrossSiteRequest } from './origin-check.server.ts'

const SITE = 'http://127.0.0.1:3000'
const post = (headers: Record<string, string>, method = 'POST') =>
  new Request(`${SITE}/en/logout`, { method, headers })

describe('isCrossSiteRequest (row 23)', () => {
  it('lets this site post', () => {
    expect(isCrossSiteRequest(post({ origin: SITE, cookie: 's=1' }), [])).toBe(false)
    expect(isCrossSiteRequest(post({ referer: `${SITE}/en/login`, cookie: 's=1' }), [])).toBe(false)
    expect(
      isCrossSiteRequest(post({ origin: 'https://shop.example', cookie: 's=1' }), [
        'https://shop.example',
      ]),
    ).toBe(false)
  })

  it('refuses other origins, null, foreign referers, and cookies with neither', () => {
    const refused: Record<string, string>[] = [
      { origin: 'http://evil.test', cookie: 's=1' },
      { origin: 'http://evil.test' },
      { origin: 'null', cookie: 's=1' },
      { origin: 'http://127.0.0.1:3001', cookie: 's=1' },
      { referer: 'http://evil.test/page', cookie: 's=1' },
      { referer: 'not a url', cookie: 's=1' },
      { cookie: 's=1' },
    ]
    for (const headers of refused)
      expect(isCrossSiteRequest(post(headers), []), JSON.stringify(headers)).toBe(true)
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect(isCrossSiteRequest(post({ origin: 'http://evil.test' }, method), [])).toBe(true)
  })

  it('leaves reads alone, and a post with no cookie and no origin (nothing to ride on)', () => {
    expect(isCrossSiteRequest(post({ origin: 'http://evil.test' }, 'GET'), [])).toBe(false)
    expect(isCrossSiteRequest(post({}), [])).toBe(false)
  })
})
