import { describe, expect, it } from 'vitest'
import { LOCALES } from '../i18n/locales.ts'
import { LATE_FEE_PERCENT_PER_MONTH } from './late-fee.ts'
import { CONTRACT_TEXT } from './renewal-contract-text.ts'

// docs/product/credit.md (Renewal): the signed contract carries the terms in the farmer's language
// and in English; docs/product/credit.md (Late fees): 1.5% a month on what is owed after the due
// date. A term missing from one language would be a contract that says less than the English.

describe('the words of the renewal contract (docs/product/credit.md: Renewal)', () => {
  it('has every heading in every language', () => {
    for (const locale of LOCALES)
      for (const [field, text] of Object.entries(CONTRACT_TEXT[locale]))
        if (field !== 'terms') expect(text, `${locale} ${field}`).not.toBe('')
  })

  it('states as many terms in each language as in the English', () => {
    for (const locale of LOCALES)
      expect(CONTRACT_TEXT[locale].terms).toHaveLength(CONTRACT_TEXT.en.terms.length)
  })

  it('names the late fee the shop charges, in each language', () => {
    for (const locale of LOCALES)
      expect(CONTRACT_TEXT[locale].terms.join(' ')).toContain(`${LATE_FEE_PERCENT_PER_MONTH}%`)
  })
})
