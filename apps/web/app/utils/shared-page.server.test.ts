import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { EntryContext } from 'react-router'
import { WebSession, type SessionData } from './session.server.ts'
import { isSharedPage, SHARED_ROUTES, sharedPageKey } from './shared-page.server.ts'

const NOW = Date.UTC(2026, 10, 29, 6)

const customer = (change: Partial<SessionData> = {}, user: Partial<SessionData['user']> = {}) =>
  new WebSession({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: NOW + 15 * 60_000,
    user: {
      id: 7,
      fullName: 'Nur Aisyah binti Wan Mohd',
      role: 'customer',
      kycStatus: 'APPROVED',
      isPinSet: true,
      market: 'MY',
      preferredBranchId: 2,
      region: 'MY-02',
      ...user,
    },
    cartCount: 1,
    ...change,
  })

describe('the key a logged-in page is shared under (ADR 086)', () => {
  it('holds what shared pages read of a session, and nothing of who it is', () => {
    const key = sharedPageKey(customer(), NOW)
    expect(key).toBe(JSON.stringify(['customer', 'MY', 1, 'APPROVED', true, 2, 'MY-02']))
    // Another customer with the same of these gets the same key, whatever their name or tokens.
    const other = customer({ accessToken: 'b', refreshToken: 's' }, { id: 8, fullName: 'Rosli' })
    expect(sharedPageKey(other, NOW)).toBe(key)
  })

  it('differs with each thing a shared page shows', () => {
    const key = sharedPageKey(customer(), NOW)
    for (const session of [
      customer({ cartCount: 2 }),
      customer({}, { role: 'staff' }),
      customer({}, { market: 'TH' }),
      customer({}, { kycStatus: 'INCOMPLETE' }),
      customer({}, { isPinSet: false }),
      customer({}, { preferredBranchId: 3 }),
      customer({}, { region: 'MY-07' }),
    ])
      expect(sharedPageKey(session, NOW)).not.toBe(key)
  })

  it('is none for a visitor, a message waiting, a token to refresh, or a branch not yet read', () => {
    expect(sharedPageKey(new WebSession({}), NOW)).toBeNull()
    expect(sharedPageKey(new WebSession({ visitorCart: [[1, 2, 1]] }), NOW)).toBeNull()
    expect(
      sharedPageKey(customer({ flash: { kind: 'success', messageKey: 'a.b' } }), NOW),
    ).toBeNull()
    // Guard 1 refreshes a token within 10 minutes of its end before the page is made.
    expect(sharedPageKey(customer({ expiresAt: NOW + 9 * 60_000 }), NOW)).toBeNull()
    expect(sharedPageKey(customer({}, { preferredBranchId: undefined }), NOW)).toBeNull()
  })
})

describe('which pages are shared (ADR 086)', () => {
  const context = (ids: string[]) =>
    ({
      staticHandlerContext: { matches: ids.map((id) => ({ route: { id } })) },
    }) as unknown as Pick<EntryContext, 'staticHandlerContext'>
  const list = ['root', 'routes/layouts/locale-layout', 'routes/layouts/default-layout']
  const page = context([...list, 'routes/products/agrochems-list'])

  it('a page whose every route is a shared one, asked for under the key the session still gives', () => {
    const session = customer()
    const key = sharedPageKey(session, NOW)
    expect(isSharedPage(key, session, page, NOW)).toBe(true)
    expect(isSharedPage(key, session, context([...list, 'routes/cart/cart']), NOW)).toBe(false)
    expect(isSharedPage(key, session, context(['root', 'routes/dashboard/dashboard']), NOW)).toBe(
      false,
    )
    expect(isSharedPage(null, session, page, NOW)).toBe(false)
    expect(isSharedPage(key, session, context([]), NOW)).toBe(false)
    // The loaders changed the session (a message taken, the cart counted anew): made for it alone.
    const changed = customer()
    changed.update({ cartCount: 4 })
    expect(isSharedPage(key, changed, page, NOW)).toBe(false)
    const taken = customer()
    taken.dirty = true
    expect(isSharedPage(key, taken, page, NOW)).toBe(false)
  })

  it('are the catalogue pages and the routes around them, each a route of the app', () => {
    // A route added here must read nothing of a session but the key's parts (ADR 086).
    expect([...SHARED_ROUTES].sort()).toEqual([
      'root',
      'routes/layouts/default-layout',
      'routes/layouts/locale-layout',
      'routes/products/agrochems-detail',
      'routes/products/agrochems-list',
      'routes/products/drones-detail',
      'routes/products/drones-list',
      'routes/products/product-detail',
      'routes/products/products-index',
      'routes/public/home',
    ])
    // A route id is its file under app/, without the extension: a renamed file fails here
    // instead of silently sharing nothing.
    const app = fileURLToPath(new URL('..', import.meta.url))
    for (const id of SHARED_ROUTES)
      expect(existsSync(join(app, `${id}.tsx`)) || existsSync(join(app, `${id}.ts`)), id).toBe(true)
  })
})
