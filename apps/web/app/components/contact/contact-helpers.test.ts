import { describe, expect, it } from 'vitest'
import type { Translate } from '~/utils/i18n.ts'
import { addressLines, formatClock, formatHoursRange, formatPhone } from './contact-format.ts'
import { branchStatus } from './branch-status.ts'
import { groupBranches, marketOrder } from './branch-groups.ts'
import { estimateTextWidth, layoutMap, MAP_WIDTH } from './map-layout.ts'

const en: Record<string, string> = {
  'contact.clock.morning': '{{time}} AM',
  'contact.clock.noon': '{{time}} PM',
  'contact.clock.afternoon': '{{time}} PM',
  'contact.clock.evening': '{{time}} PM',
  'contact.hoursRange': '{{open}} – {{close}}',
}
const bm: Record<string, string> = {
  'contact.clock.morning': '{{time}} pagi',
  'contact.clock.noon': '{{time}} tengah hari',
  'contact.clock.afternoon': '{{time}} petang',
  'contact.clock.evening': '{{time}} malam',
}
const translator =
  (messages: Record<string, string>): Translate =>
  (key, params = {}) =>
    (messages[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]))

/** formatClock joins the time and its period with no-break spaces. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ')

describe('formatClock', () => {
  it('writes 12-hour English times like docs/product/limits.md (9:30AM-6:30PM)', () => {
    const t = translator(en)
    expect(spaced(formatClock(9 * 60 + 30, 'en', t))).toBe('9:30 AM')
    expect(spaced(formatClock(18 * 60 + 30, 'en', t))).toBe('6:30 PM')
    expect(spaced(formatClock(12 * 60, 'en', t))).toBe('12:00 PM')
    expect(spaced(formatClock(0, 'en', t))).toBe('12:00 AM')
    expect(spaced(formatHoursRange({ open: '08:30', close: '17:30' }, 'en', t))).toBe(
      '8:30 AM – 5:30 PM',
    )
  })

  it('keeps the time and its period on one line', () => {
    expect(formatClock(17 * 60 + 30, 'bm', translator(bm))).toBe('5.30\u00a0petang')
  })

  it('uses Malay times of day and Thai 24-hour times', () => {
    const t = translator(bm)
    expect(spaced(formatClock(9 * 60 + 30, 'bm', t))).toBe('9.30 pagi')
    expect(spaced(formatClock(13 * 60, 'bm', t))).toBe('1.00 petang')
    expect(spaced(formatClock(12 * 60 + 30, 'bm', t))).toBe('12.30 tengah hari')
    expect(spaced(formatClock(19 * 60, 'bm', t))).toBe('7.00 malam')
    expect(
      spaced(formatClock(8 * 60, 'th', translator({ 'contact.clock.morning': '{{time}}' }))),
    ).toBe('08.00')
  })
})

describe('formatPhone', () => {
  it('prints national numbers as on shop signs', () => {
    expect(formatPhone('+6047310001')).toBe('04-731 0001')
    expect(formatPhone('+60123456789')).toBe('012-345 6789')
    expect(formatPhone('+601112345678')).toBe('011-1234 5678')
    expect(formatPhone('+60321234567')).toBe('03-2123 4567')
    expect(formatPhone('+6635520015')).toBe('035-520-015')
    expect(formatPhone('+6621234567')).toBe('02-123-4567')
    expect(formatPhone('+66812345678')).toBe('081-234-5678')
    expect(formatPhone('+6512345678')).toBe('+6512345678')
  })
})

describe('addressLines', () => {
  it('puts the postcode first in Malaysia and last in Thailand', () => {
    const base = {
      address: { en: 'No. 1' },
      postcode: '05000',
      district: { en: 'Kota Setar' },
      state: { en: 'Kedah', th: 'เกอดะฮ์' },
    }
    expect(addressLines({ ...base, market: 'MY' }, 'en')).toEqual([
      'No. 1',
      '05000 Kota Setar, Kedah',
    ])
    expect(addressLines({ ...base, market: 'TH' }, 'en')).toEqual([
      'No. 1',
      'Kota Setar, Kedah 05000',
    ])
    // Each line in the reader's language where the branch has it.
    expect(addressLines({ ...base, market: 'MY' }, 'th')[1]).toBe('05000 Kota Setar, เกอดะฮ์')
  })
})

describe('branchStatus', () => {
  const week = [
    null,
    { open: '08:30', close: '17:30' },
    { open: '08:30', close: '17:30' },
    { open: '08:30', close: '17:30' },
    { open: '08:30', close: '17:30' },
    { open: '08:30', close: '17:30' },
    { open: '08:30', close: '13:00' },
  ]
  it("uses the branch's own time zone", () => {
    // Monday 2025-06-02 01:00 UTC is 09:00 in Kuala Lumpur (open) but 08:00 in Bangkok (not yet).
    const now = new Date('2025-06-02T01:00:00Z')
    expect(branchStatus({ opening_hours: week, timezone: 'Asia/Kuala_Lumpur' }, now)).toEqual({
      weekday: 1,
      today: { open: '08:30', close: '17:30' },
      openNow: true,
    })
    expect(branchStatus({ opening_hours: week, timezone: 'Asia/Bangkok' }, now).openNow).toBe(false)
  })
  it('is closed all day on a closed weekday', () => {
    const sunday = new Date('2025-06-01T03:00:00Z')
    expect(branchStatus({ opening_hours: week, timezone: 'Asia/Kuala_Lumpur' }, sunday)).toEqual({
      weekday: 0,
      today: null,
      openNow: false,
    })
  })
})

describe('groupBranches', () => {
  const branches = [
    { code: 'MY-AST', market: 'MY' as const, lat: 6.1248, lng: 100.3678 },
    { code: 'MY-PKN', market: 'MY' as const, lat: 3.4936, lng: 103.3897 },
    { code: 'TH-SPB', market: 'TH' as const, lat: 14.4745, lng: 100.1177 },
    { code: 'TH-UBN', market: 'TH' as const, lat: 15.2287, lng: 104.8564 },
  ]
  it("shows the market of the page's language first", () => {
    expect(marketOrder('th')).toEqual(['TH', 'MY'])
    expect(groupBranches(branches, 'en', null).map((g) => g.market)).toEqual(['MY', 'TH'])
    expect(groupBranches(branches, 'bm', null).map((g) => g.market)).toEqual(['MY', 'TH'])
    const th = groupBranches(branches, 'th', null)
    expect(th.map((g) => g.market)).toEqual(['TH', 'MY'])
    expect(th[0]?.branches.map((b) => [b.code, b.number, b.distanceKm])).toEqual([
      ['TH-SPB', 1, null],
      ['TH-UBN', 2, null],
    ])
  })
  it('sorts nearest first and keeps the map numbers', () => {
    const nearPekan = { lat: 3.8, lng: 103.3 }
    const groups = groupBranches(branches, 'th', nearPekan)
    expect(groups.map((g) => g.market)).toEqual(['MY', 'TH'])
    expect(groups[0]?.branches.map((b) => [b.code, b.number])).toEqual([
      ['MY-PKN', 2],
      ['MY-AST', 1],
    ])
    expect(groups[0]?.branches[0]?.distanceKm).toBeGreaterThan(30)
    expect(groups[0]?.branches[0]?.distanceKm).toBeLessThan(40)
  })
  it('leaves out a market without branches', () => {
    expect(groupBranches(branches.slice(0, 2), 'th', null).map((g) => g.market)).toEqual(['MY'])
  })
})

describe('layoutMap', () => {
  const points = [
    { key: 'a', number: 1, label: 'Alor Setar', lat: 6.1248, lng: 100.3678 },
    { key: 'b', number: 2, label: 'Pekan', lat: 3.4936, lng: 103.3897 },
    { key: 'c', number: 3, label: 'Kangar', lat: 6.4414, lng: 100.1986 },
  ]
  it('keeps every marker inside the map, north up and west left', () => {
    const map = layoutMap(points, null)
    expect(map.width).toBe(MAP_WIDTH)
    for (const m of map.markers) {
      expect(m.x).toBeGreaterThan(0)
      expect(m.x).toBeLessThan(map.width)
      expect(m.y).toBeGreaterThan(0)
      expect(m.y).toBeLessThan(map.height)
    }
    const [alor, pekan, kangar] = map.markers
    expect(pekan!.x).toBeGreaterThan(alor!.x)
    expect(kangar!.y).toBeLessThan(alor!.y)
    expect(map.you).toBeNull()
    expect(map.scale.length).toBeGreaterThan(0)
  })
  it('moves close markers apart so none covers another', () => {
    const kedah = [
      { key: 'ast', number: 1, label: 'Alor Setar', lat: 6.1248, lng: 100.3678 },
      { key: 'jtr', number: 2, label: 'Jitra', lat: 6.2683, lng: 100.4217 },
      { key: 'pdg', number: 3, label: 'Pendang', lat: 5.9953, lng: 100.4781 },
      { key: 'kss', number: 4, label: 'Kota Sarang Semut', lat: 5.9689, lng: 100.3614 },
      { key: 'same', number: 5, label: 'Same place', lat: 5.9689, lng: 100.3614 },
      ...points.slice(1),
    ]
    const { markers } = layoutMap(kedah, null)
    for (const a of markers)
      for (const b of markers)
        if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(22)
    const pekan = markers.find((m) => m.key === 'b')!
    expect([pekan.x, pekan.y]).toEqual([pekan.pointX, pekan.pointY])

    const withYou = layoutMap(kedah, { lat: 6.05, lng: 100.42 }, 'You')
    const you = withYou.you!
    for (const m of withYou.markers)
      expect(Math.hypot(m.x - you.x, m.y - you.y)).toBeGreaterThanOrEqual(22)
  })

  it('draws the user only near the branches', () => {
    expect(layoutMap(points, { lat: 5, lng: 101 }).you).not.toBeNull()
    expect(layoutMap(points, { lat: 14.5, lng: 100.1 }).you).toBeNull()
  })
  it('copes with a single branch', () => {
    const map = layoutMap(points.slice(0, 1), null)
    expect(map.markers[0]!.x).toBeCloseTo(MAP_WIDTH / 2, 0)
    expect(map.markers[0]!.labelPosition).not.toBeNull()
  })
  it('does not count Thai vowel and tone marks as width', () => {
    expect(estimateTextWidth('จิตรา', 10)).toBeCloseTo(estimateTextWidth('จตรา', 10))
  })
})
