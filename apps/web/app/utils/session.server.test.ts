import { beforeAll, describe, expect, it } from 'vitest'
import { readSession, sessionCookieHeader, WebSession, SESSION_COOKIE } from './session.server.ts'

beforeAll(() => {
  process.env.SESSION_SECRET ??= 'unit-test-session-secret-that-is-long-enough-0123'
})

function requestWith(cookieValue: string) {
  return new Request('http://shop.test/en', {
    headers: { cookie: `${SESSION_COOKIE}=${cookieValue}` },
  })
}

async function sealed(data: WebSession['data']): Promise<string> {
  const session = new WebSession(data)
  const header = await sessionCookieHeader(session)
  const value = /__session=([^;]*)/.exec(header)?.[1]
  if (!value) throw new Error(`no cookie in ${header}`)
  return value
}

describe('the session cookie', () => {
  it('opens what it sealed, and says nothing in the clear', async () => {
    const value = await sealed({ accessToken: 'access-123', user: undefined })
    expect(value).not.toContain('access-123')
    expect(Buffer.from(value.split('.')[0]!, 'base64url').toString()).toBe(
      '{"alg":"dir","enc":"A256GCM"}',
    )
    const session = await readSession(requestWith(value))
    expect(session.data.accessToken).toBe('access-123')
    expect(session.dirty).toBe(false)
  })

  it('drops a cookie whose ciphertext or tag was changed', async () => {
    const value = await sealed({ accessToken: 'access-123' })
    const parts = value.split('.')
    for (const index of [3, 4]) {
      const changed = [...parts]
      const bytes = Buffer.from(changed[index]!, 'base64url')
      bytes[0] = bytes[0]! ^ 1
      changed[index] = bytes.toString('base64url')
      const session = await readSession(requestWith(changed.join('.')))
      expect(session.data).toEqual({})
      expect(session.dirty).toBe(true)
    }
  })

  it('drops a forged cookie that asks for no encryption or another algorithm', async () => {
    const header = (h: object) => Buffer.from(JSON.stringify(h)).toString('base64url')
    const body = Buffer.from('{"accessToken":"forged"}').toString('base64url')
    for (const forged of [
      `${header({ alg: 'none' })}.${body}.`,
      `${header({ alg: 'dir', enc: 'A128CBC-HS256' })}..AAAA.${body}.AAAA`,
      'not-a-cookie',
    ]) {
      const session = await readSession(requestWith(forged))
      expect(session.data.accessToken).toBeUndefined()
      expect(session.dirty).toBe(true)
    }
  })

  it('clears the cookie when nothing is left in the session', async () => {
    expect(await sessionCookieHeader(new WebSession({}))).toMatch(/Max-Age=0/i)
  })
})
