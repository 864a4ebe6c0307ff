import { describe, expect, it } from 'vitest'
import { SegmentedMessage } from 'sms-segments-calculator'
import { LOCALES } from '../i18n/locales.ts'
import { NOTICES, noticeText, type NoticeParams } from './notice-sms-text.ts'

/** Values as long as real ones get: a large amount, a long branch name, a real tracking link. */
const PARAMS: Record<'MY' | 'TH', NoticeParams> = {
  MY: {
    amount: 'RM12,345.50',
    fee: 'RM185.18',
    date: '25-04-2027',
    order: 'SM261126-000123',
    branch: 'Alor Setar (Headquarters)',
    link: 'https://tracking.example.com/EP123456789MY',
    voucher: 'V3-MY-100001',
    device: 'My phone',
  },
  TH: {
    amount: '฿123,456.00',
    fee: '฿1,851.84',
    date: '25-04-2027',
    order: 'SM261126-000123',
    branch: 'สุพรรณบุรี',
    link: 'https://th.kerryexpress.com/th/track/?track=SMT123456789',
    voucher: 'V3-TH-200001',
    device: 'มือถือของฉัน',
  },
}

const segmentsOf = (text: string) => {
  const message = new SegmentedMessage(text)
  return {
    segments: message.segmentsCount,
    encoding: message.encodingName,
    length: [...text].length,
  }
}

/**
 * docs/product/notices.md: an SMS is one segment when it can be: 160 GSM-7 characters (English,
 * Malay) or 70 UCS-2 characters (Thai, or any text with a character outside GSM-7). The table
 * printed here says how many segments each notice takes in each language.
 */
describe('SMS notice texts and their segments', () => {
  const rows = LOCALES.flatMap((locale) =>
    NOTICES.map((notice) => {
      const text = noticeText(locale, notice, PARAMS[locale === 'th' ? 'TH' : 'MY'], 'SawahMart')
      return { locale, notice, text, ...segmentsOf(text) }
    }),
  )

  it('prints the segments of every notice in every language', () => {
    console.log(
      [
        'notice | en | bm | th',
        ...NOTICES.map((n) => {
          const cell = (l: string) => {
            const r = rows.find((x) => x.notice === n && x.locale === l)!
            return `${r.segments} × ${r.encoding} (${r.length})`
          }
          return `${n} | ${cell('en')} | ${cell('bm')} | ${cell('th')}`
        }),
      ].join('\n'),
    )
    expect(rows).toHaveLength(NOTICES.length * LOCALES.length)
  })

  it('English and Malay notices are plain GSM-7 (a stray curly quote would halve the room)', () => {
    for (const r of rows.filter((x) => x.locale !== 'th')) expect(r.encoding, r.text).toBe('GSM-7')
  })

  it('the reminders and the overdue notice fit one segment in every language', () => {
    const short = [
      'repayment_due_7',
      'repayment_due_1',
      'repayment_overdue',
      'order_ready',
      'voucher_expiring',
      'device_added',
    ]
    for (const r of rows.filter((x) => short.includes(x.notice)))
      expect(r.segments, `${r.locale} ${r.notice}: ${r.text}`).toBe(1)
  })

  it('no notice takes more than two segments, and every value is filled in', () => {
    for (const r of rows) {
      expect(r.segments, `${r.locale} ${r.notice}`).toBeLessThanOrEqual(2)
      expect(r.text).not.toMatch(/\{\w+\}/)
    }
  })
})
