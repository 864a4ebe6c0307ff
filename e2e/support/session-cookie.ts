import { hkdfSync } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { CompactEncrypt, compactDecrypt, decodeJwt } from 'jose'
import { TOKEN_REFRESH_WINDOW_MS, needsRefresh, tokenExpiryMs } from '@padi/domain/auth/rules'
import { e2eServerEnv } from './server-env.ts'

// The web server's session cookie, opened and sealed here as the server does it
// (apps/web/app/utils/session.server.ts: JWE, A256GCM, a key derived from SESSION_SECRET), so a
// test can read the tokens it holds and set the state time would bring, rather than wait for it.
const COOKIE = '__session'
const key = new Uint8Array(
  hkdfSync('sha256', e2eServerEnv().SESSION_SECRET!, 'padi-web', 'session-cookie-v2', 32),
)

export type SessionData = { accessToken?: string; refreshToken?: string; expiresAt?: number }

async function sessionCookie(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === COOKIE)
  if (!cookie) throw new Error('no session cookie: log in first')
  return cookie
}

/** What the page's session holds (the fields the tests look at). */
export async function readSession(page: Page): Promise<SessionData> {
  const { plaintext } = await compactDecrypt((await sessionCookie(page)).value, key)
  return JSON.parse(new TextDecoder().decode(plaintext)) as SessionData
}

async function writeSession(page: Page, patch: SessionData) {
  const cookie = await sessionCookie(page)
  const data = { ...(await readSession(page)), ...patch }
  const value = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(data)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .encrypt(key)
  await page.context().addCookies([{ ...cookie, value }])
}

/**
 * Brings the access token of a session that has just logged in inside the refresh window, as the
 * passing minutes would: the expiry the web server keeps moves to 1 s inside the window; the tokens
 * are left as they are, so the refresh the next page asks the API for is a real one. The page is
 * left first (for a blank one), so no answer of it still on its way writes the cookie back; the
 * test opens its next page itself.
 */
export async function makeTokenDue(page: Page): Promise<number> {
  await page.goto('about:blank')
  const session = await readSession(page)
  // As logging in stored it (docs/product/accounts.md): the token's own expiry.
  expect(session.expiresAt).toBe(tokenExpiryMs(decodeJwt(session.accessToken!).exp!))
  const expiresAt = Date.now() + TOKEN_REFRESH_WINDOW_MS - 1000
  expect(needsRefresh(expiresAt, Date.now())).toBe(true)
  await writeSession(page, { expiresAt })
  return expiresAt
}

/**
 * Keeps a session that has just logged in outside the refresh window for the rest of a test: the
 * e2e servers' tokens come due 2 s after login, so every later page would refresh (and so be made
 * for that request alone, ADR 086). The expiry the web server keeps moves 15 minutes ahead, as it
 * is for the first minutes after a production login; the token itself stays valid for 10 minutes,
 * longer than such a test runs.
 */
export async function keepTokenFresh(page: Page) {
  await page.goto('about:blank')
  await writeSession(page, { expiresAt: Date.now() + 15 * 60_000 })
}
