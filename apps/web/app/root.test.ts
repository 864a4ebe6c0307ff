import { RouterContextProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

process.env.SESSION_SECRET ??= 'root-tests-session-secret-that-is-long-enough-0123456789'
const { loader } = await import('./root.tsx')
const { readSession, sessionContext } = await import('~/utils/session.server.ts')

/** The root's loader for a visitor without a session, as the root's middleware sets it up. */
async function rootData(lang: string) {
  const request = new Request(`http://shop.test/${lang}`)
  const context = new RouterContextProvider()
  context.set(sessionContext, await readSession(request))
  return loader({ request, params: { lang }, context, unstable_pattern: '/:lang' } as never)
}

afterEach(() => void vi.useRealTimers())

describe('the footer’s year (docs/product/dates-and-times.md)', () => {
  it('is the year in the reader’s market, not in UTC', async () => {
    // 16:30 UTC on 31 December: 00:30 on 1 January in Malaysia (UTC+8), still 23:30 in Thailand.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-31T16:30:00Z'))
    expect((await rootData('bm')).year).toBe(2027)
    expect((await rootData('en')).year).toBe(2027)
    expect((await rootData('th')).year).toBe(2026)
    vi.setSystemTime(new Date('2026-12-31T17:30:00Z'))
    expect((await rootData('th')).year).toBe(2027)
  })
})
