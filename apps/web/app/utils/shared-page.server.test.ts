import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { EntryContext } from 'react-router'
import { WebSession, type SessionData } from './session.server.ts'
import { isSharedPage, sharedPageKey } from './shared-page.server.ts'

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
  const context = (handles: Record<string, unknown>) =>
    ({
      staticHandlerContext: { matches: Object.keys(handles).map((id) => ({ route: { id } })) },
      routeModules: Object.fromEntries(
        Object.entries(handles).map(([id, handle]) => [id, { handle }]),
      ),
    }) as unknown as Pick<EntryContext, 'staticHandlerContext' | 'routeModules'>
  const shared = { sharedWhenLoggedIn: true }

  it('a page whose every route declares it, asked for under the key the session still gives', () => {
    const session = customer()
    const key = sharedPageKey(session, NOW)
    const page = context({ root: shared, layout: shared, list: shared })
    expect(isSharedPage(key, session, page, NOW)).toBe(true)
    expect(
      isSharedPage(key, session, context({ root: shared, layout: shared, cart: {} }), NOW),
    ).toBe(false)
    expect(isSharedPage(key, session, context({ root: shared, dashboard: undefined }), NOW)).toBe(
      false,
    )
    expect(isSharedPage(null, session, page, NOW)).toBe(false)
    // The loaders changed the session (a message taken, the cart counted anew): made for it alone.
    const changed = customer()
    changed.update({ cartCount: 4 })
    expect(isSharedPage(key, changed, page, NOW)).toBe(false)
    const taken = customer()
    taken.takeFlash()
    taken.dirty = true
    expect(isSharedPage(key, taken, page, NOW)).toBe(false)
  })

  it('is declared by the catalogue pages and the routes around them, and by no other', () => {
    const app = fileURLToPath(new URL('..', import.meta.url))
    const declaring: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          if (/sharedWhenLoggedIn: true/.test(readFileSync(path, 'utf8')))
            declaring.push(relative(app, path))
        }
      }
    }
    walk(app)
    // A page added here must read nothing of a session but the key's parts (ADR 086).
    expect(declaring.sort()).toEqual([
      'root.tsx',
      'routes/layouts/default-layout.tsx',
      'routes/layouts/locale-layout.tsx',
      'routes/products/agrochems-detail.tsx',
      'routes/products/agrochems-list.tsx',
      'routes/products/drones-detail.tsx',
      'routes/products/drones-list.tsx',
      'routes/products/product-detail.tsx',
      'routes/products/products-index.tsx',
      'routes/public/home.tsx',
    ])
  })
})
