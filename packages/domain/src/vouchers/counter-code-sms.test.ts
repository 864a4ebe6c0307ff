import { describe, expect, it } from 'vitest'
import { SegmentedMessage } from 'sms-segments-calculator'
import { LOCALES } from '../i18n/locales.ts'
import { counterSmsCodeText, spacedDigits } from './counter-code-sms.ts'

/** Branch names as long as real ones get, in each language. */
const BRANCH = { en: 'Alor Setar (Headquarters)', bm: 'Alor Setar (Ibu Pejabat)', th: 'สุพรรณบุรี' }

/**
 * docs/product/vouchers.md (a code by SMS): the message is one segment in English and Malay
 * (GSM-7) and at most two in Thai (UCS-2), names the code and the branch, and warns against
 * reading it out anywhere but at the counter.
 */
describe('the SMS that carries a counter code', () => {
  for (const locale of LOCALES)
    it(`in ${locale}: the code, the branch and the warning, in few segments`, () => {
      const text = counterSmsCodeText(
        locale,
        { code: spacedDigits('12345678'), branch: BRANCH[locale] },
        'SawahMart',
      )
      const message = new SegmentedMessage(text)
      console.log(
        `${locale}: ${message.segmentsCount} × ${message.encodingName} (${[...text].length}) ${text}`,
      )
      expect(text).toContain('1234 5678')
      expect(text).toContain(BRANCH[locale])
      expect(text).not.toMatch(/\{\w+\}/)
      if (locale === 'th') expect(message.segmentsCount).toBeLessThanOrEqual(2)
      else {
        expect(message.encodingName).toBe('GSM-7')
        expect(message.segmentsCount).toBe(1)
      }
    })

  it('puts a branch name in as it is', () => {
    expect(counterSmsCodeText('en', { code: '1', branch: 'A$&B' }, 'P')).toContain('at A$&B is 1')
  })
})
