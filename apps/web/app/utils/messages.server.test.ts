import { describe, expect, it } from 'vitest'
import { pageMessages, pickMessages, SHARED_NAMESPACES } from './messages.server.ts'
import { createTranslator, mergeRouteMessages } from './i18n.ts'

describe('catalogue delivery', () => {
  it('sends only the namespaces asked for', () => {
    const shared = pickMessages('bm', SHARED_NAMESPACES)
    expect(Object.keys(shared).sort()).toEqual([...SHARED_NAMESPACES].sort())
    expect(pageMessages({ lang: 'th' }, ['about']).messages).toHaveProperty('about')
    expect(() => pickMessages('en', ['nope'])).toThrow('Unknown catalogue namespace')
  })

  it('merges the root part with the page part and translates with {{placeholders}}', () => {
    const t = createTranslator(
      'en',
      mergeRouteMessages([
        { messages: pickMessages('en', SHARED_NAMESPACES) },
        undefined,
        pageMessages({ lang: 'en' }, ['interest']),
      ]),
    )
    expect(t('errors.pageNotFound', { path: '/en/x' })).toBe('Page not found: /en/x')
    expect(t('interest.title')).toBe('Register interest')
  })

  it('uses the URL locale, and English for anything else', () => {
    const bm = createTranslator('bm', pageMessages({ lang: 'bm' }, ['errors']).messages)
    expect(bm('errors.goHome')).toBe('Ke Laman Utama')
    const fallback = createTranslator('en', pageMessages({ lang: 'xx' }, ['errors']).messages)
    expect(fallback('errors.goHome')).toBe('Go Home')
  })
})
