import { describe, expect, it } from 'vitest'
import { isLiveChatOpen } from './live-chat.ts'

// Kuala Lumpur is UTC+8 all year: 09:30 local = 01:30 UTC, 18:30 local = 10:30 UTC.
describe('isLiveChatOpen (docs/product/limits.md: 9:30AM-6:30PM daily, Asia/Kuala_Lumpur)', () => {
  it.each([
    ['2026-11-22T01:29:00Z', false],
    ['2026-11-22T01:30:00Z', true],
    ['2026-11-22T10:29:00Z', true],
    ['2026-11-22T10:30:00Z', false],
    ['2026-11-21T20:00:00Z', false],
  ])('%s -> %s', (iso, open) => {
    expect(isLiveChatOpen(new Date(iso))).toBe(open)
  })
})
