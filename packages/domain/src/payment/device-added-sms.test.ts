import { describe, expect, it } from 'vitest'
import { SegmentedMessage } from 'sms-segments-calculator'
import { LOCALES } from '../i18n/locales.ts'
import { noticeText } from '../notices/notice-sms-text.ts'
import { deviceAddedParams } from './device-added-sms.ts'

const AT = new Date('2027-04-25T06:05:00Z')
const THAI_LABELS = ['มือถือของฉัน', 'โทรศัพท์มือถือของพ่อที่นาข้าวสุพรรณบุรี']
const sms = (locale: (typeof LOCALES)[number], label: string, market: 'MY' | 'TH' = 'MY') => {
  const params = deviceAddedParams({ locale, label, at: AT, market, product: 'SawahMart' })
  return { params, text: noticeText(locale, 'device_added', params, 'SawahMart') }
}

describe('the SMS sent when a device is added (row 56)', () => {
  it('names the device and when, in the farmer’s time zone, and what to do if it was not them', () => {
    expect(sms('en', 'My phone').text).toBe(
      'SawahMart: "My phone" was added on 25-04-2027 02:05 PM to pay by fingerprint or face. Not you? Remove it in Settings and call your branch.',
    )
    expect(sms('bm', 'Telefon saya').text).toBe(
      'SawahMart: "Telefon saya" ditambah pada 25-04-2027 02:05 PM untuk bayar dengan cap jari atau wajah. Bukan anda? Buang di Tetapan dan hubungi cawangan.',
    )
    expect(sms('th', 'มือถือของฉัน', 'TH').text).toBe(
      'SawahMart: เพิ่มมือถือของฉัน 25-04 13:05 ไม่ใช่คุณ ลบในตั้งค่า/โทรสาขา',
    )
  })

  it('is one segment in every language, a long name shortened to fit (row 56)', () => {
    const labels = [
      'My phone',
      'Telefon saya',
      'Samsung Galaxy A15 of Pak Rosli at the farm',
      'x'.repeat(60),
      'Phone 📱 of Aminah',
    ]
    for (const locale of LOCALES)
      for (const label of [...labels, ...(locale === 'th' ? THAI_LABELS : [])]) {
        const { text, params } = sms(locale, label, locale === 'th' ? 'TH' : 'MY')
        const message = new SegmentedMessage(text)
        expect(message.segmentsCount, `${locale} ${label}: ${text}`).toBe(1)
        // The name is there: whole, or its first characters (an emoji left out in GSM-7 texts).
        const shown = params.device!.replace(/\.\.\.$/, '')
        expect(shown.length).toBeGreaterThan(0)
        expect(label.replace(' 📱', '').startsWith(shown) || label.startsWith(shown), shown).toBe(
          true,
        )
      }
  })

  it('keeps a name with no Latin character whole in an English or Malay SMS', () => {
    for (const label of THAI_LABELS) expect(sms('en', label).params.device).toBe(label)
  })

  it('keeps a name that fits whole, and English and Malay stay GSM-7', () => {
    expect(sms('en', 'Samsung Galaxy A15').params.device).toBe('Samsung Galaxy A15')
    expect(new SegmentedMessage(sms('bm', 'Telefon saya').text).encodingName).toBe('GSM-7')
    expect(sms('en', 'x'.repeat(60)).params.device).toMatch(/^x+\.\.\.$/)
  })
})
