import { describe, expect, it } from 'vitest'
import {
  languageOfSegment,
  localeFromAcceptLanguage,
  localizedText,
  resolveLocale,
} from './locales.ts'

describe('locale resolution (docs/product/shell.md)', () => {
  it('maps browser codes to en, bm and th', () => {
    expect(localeFromAcceptLanguage('en-MY')).toBe('en')
    expect(localeFromAcceptLanguage('ms-MY')).toBe('bm')
    expect(localeFromAcceptLanguage('ms')).toBe('bm')
    expect(localeFromAcceptLanguage('th-TH')).toBe('th')
    expect(localeFromAcceptLanguage('th')).toBe('th')
    expect(localeFromAcceptLanguage('fr-FR, de')).toBeNull()
    expect(localeFromAcceptLanguage('')).toBeNull()
  })
  it('honours q-values and order', () => {
    expect(localeFromAcceptLanguage('fr;q=1, th;q=0.5, ms;q=0.8')).toBe('bm')
    expect(localeFromAcceptLanguage('zh-CN,zh;q=0.9,th;q=0.8,en;q=0.7')).toBe('th')
    expect(localeFromAcceptLanguage('th;q=0, en')).toBe('en')
  })
  it('prefers the cookie, then the header, then the default', () => {
    expect(resolveLocale({ cookie: 'th', acceptLanguage: 'ms-MY', fallback: 'en' })).toBe('th')
    expect(resolveLocale({ cookie: 'xx', acceptLanguage: 'ms-MY', fallback: 'en' })).toBe('bm')
    expect(resolveLocale({ cookie: null, acceptLanguage: 'de', fallback: 'bm' })).toBe('bm')
  })
})

describe('localizedText (docs/product/shell.md: server text as JSON {en, bm})', () => {
  it('shows the current locale, falling back to en, then bm', () => {
    expect(localizedText({ en: 'Cart', bm: 'Troli' }, 'bm')).toBe('Troli')
    expect(localizedText({ en: 'Cart', bm: 'Troli' }, 'th')).toBe('Cart')
    expect(localizedText('{"en":"","bm":"Troli"}', 'th')).toBe('Troli')
    expect(localizedText('{"en":"Cart","bm":"Troli"}', 'bm')).toBe('Troli')
    expect(localizedText('plain text', 'th')).toBe('plain text')
    expect(localizedText('{not json', 'en')).toBe('{not json')
    expect(localizedText(null, 'en')).toBe('')
  })
})

describe('languageOfSegment', () => {
  it('maps language tags to our locales, other languages to null, and paths to undefined', () => {
    expect(languageOfSegment('ms')).toBe('bm')
    expect(languageOfSegment('ms-MY')).toBe('bm')
    expect(languageOfSegment('th-TH')).toBe('th')
    expect(languageOfSegment('en-GB')).toBe('en')
    expect(languageOfSegment('fr')).toBeNull()
    expect(languageOfSegment('zh-Hant-TW')).toBeNull()
    for (const path of ['faq', 'api', 'products', 'xx', 'a', '', 'en_GB'])
      expect(languageOfSegment(path), path).toBeUndefined()
  })
})
