import { describe, expect, it } from 'vitest'
import {
  flashText,
  packMessages,
  pageMessages,
  pickMessages,
  SHARED_NAMESPACES,
} from './messages.server.ts'
import { createTranslator, mergeRouteMessages } from './i18n.ts'
import { unpack } from './packed-data.ts'

describe('catalogue delivery', () => {
  it('sends only the namespaces asked for', () => {
    const shared = pickMessages('bm', SHARED_NAMESPACES)
    expect(Object.keys(shared).sort()).toEqual([...SHARED_NAMESPACES].sort())
    expect(Object.keys(unpack(pageMessages({ lang: 'th' }, ['about']).messages))).toEqual(['about'])
    expect(() => pickMessages('en', ['nope'])).toThrow('Unknown catalogue namespace')
  })

  it('sends each part as one JSON text that reads back as the same texts', () => {
    // React Router's hydration format would write each key and text as an entry of its own
    // (docs/performance.md): one string per part is what the page carries.
    const shared = pickMessages('th', SHARED_NAMESPACES)
    const packed = packMessages(shared)
    expect(typeof packed).toBe('string')
    expect(unpack(packed)).toEqual(shared)
    expect(mergeRouteMessages([{ messages: packed }, undefined, { other: 1 }])).toEqual(shared)
  })

  it('merges the root part with the page part and translates with {{placeholders}}', () => {
    const t = createTranslator(
      'en',
      mergeRouteMessages([
        { messages: packMessages(pickMessages('en', SHARED_NAMESPACES)) },
        undefined,
        pageMessages({ lang: 'en' }, ['interest']),
      ]),
    )
    expect(t('errors.pageNotFound', { path: '/en/x' })).toBe('Page not found: /en/x')
    expect(t('interest.title')).toBe('Register interest')
  })

  it('uses the URL locale, and English for anything else', () => {
    const bm = createTranslator('bm', unpack(pageMessages({ lang: 'bm' }, ['errors']).messages))
    expect(bm('errors.goHome')).toBe('Ke Laman Utama')
    const fallback = createTranslator(
      'en',
      unpack(pageMessages({ lang: 'xx' }, ['errors']).messages),
    )
    expect(fallback('errors.goHome')).toBe('Go Home')
  })

  it('writes a flash on the server from any namespace; flash texts never go to the browser', () => {
    // Texts only shown as a flash are not in the shared part every page carries (docs/performance.md).
    expect(SHARED_NAMESPACES).not.toContain('flash')
    expect(flashText('th', { kind: 'success', messageKey: 'flash.loggedIn' })).toEqual({
      kind: 'success',
      message: 'คุณเข้าสู่ระบบแล้ว',
    })
    expect(flashText('en', { kind: 'success', messageKey: 'flash.loggedIn' }).message).toBe(
      'You are logged in.',
    )
    // A desk's own flash (finance's decisions) and a title from another namespace.
    expect(
      flashText('bm', {
        kind: 'info',
        titleKey: 'security.forbidden.title',
        messageKey: 'admin.receipts.approved',
      }),
    ).toEqual({
      kind: 'info',
      title: 'Akses dilarang',
      message: 'Diluluskan: bayaran balik direkodkan dan petani telah dimaklumkan melalui SMS.',
    })
  })
})
