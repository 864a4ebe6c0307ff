import { describe, expect, it } from 'vitest'
import { localizedText } from '@padi/domain/i18n/locales'
import { onlyLanguage } from './page-language.server.ts'

const branch = {
  id: 3,
  name: { en: 'Alor Setar', bm: 'Alor Setar', th: 'อลอร์สตาร์' },
  address: { en: '12 Jalan Sultan', bm: '12 Jalan Sultan' },
  opening_hours: { mon: { open: '08:00', close: '17:00' } },
  specification: [{ label: { en: 'Pack', th: 'บรรจุภัณฑ์' }, value: { en: '1 L' } }],
  phone: '+6041234567',
}

describe('onlyLanguage: loader data in the page language only', () => {
  it('keeps the page language of every translated text, and nothing else of them', () => {
    const th = onlyLanguage(branch, 'th')
    expect(th.name).toEqual({ en: '', th: 'อลอร์สตาร์' })
    expect(JSON.stringify(th)).not.toContain('Alor Setar')
    expect(localizedText(th.name, 'th')).toBe('อลอร์สตาร์')
    expect(th.specification[0]?.label).toEqual({ en: '', th: 'บรรจุภัณฑ์' })
    expect(onlyLanguage(branch, 'en').name).toEqual({ en: 'Alor Setar' })
  })

  it('falls back to English where the page language has no text, as the readers would', () => {
    const bm = onlyLanguage(branch, 'bm')
    expect(localizedText(bm.specification[0]!.value, 'bm')).toBe('1 L')
    expect(localizedText(onlyLanguage(branch, 'th').address, 'th')).toBe('12 Jalan Sultan')
  })

  it('leaves everything that is not a translated text as it was', () => {
    const en = onlyLanguage(branch, 'en')
    expect(en.opening_hours).toEqual(branch.opening_hours)
    expect(en.phone).toBe(branch.phone)
    expect(en.id).toBe(3)
  })
})
