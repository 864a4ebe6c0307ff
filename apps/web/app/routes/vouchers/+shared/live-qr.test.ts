import { describe, expect, it } from 'vitest'
import {
  clockOffset,
  CLOCK_SAMPLE_MAX_MS,
  nextClockOffset,
  EXPIRY_MARGIN_MS,
  judgeCode,
  nextRequestIn,
  renewalDue,
  WATCH_MS,
} from './live-qr.ts'

const made = Date.parse('2026-11-27T03:00:00.000Z')
/** A code as the API makes it: lives 90 s, the next one due after 60 s. */
const code = { expires_at: new Date(made + 90_000).toISOString() }
const renewAt = made + 60_000

describe('the QR page judges its code by the server’s clock (docs/product/vouchers.md)', () => {
  it('counts down to the next code while the code works', () => {
    expect(judgeCode(code, renewAt, made, false)).toEqual({
      phase: 'live',
      secondsToRenew: 60,
      secondsLeft: 85,
    })
    expect(judgeCode(code, renewAt, made + 59_500, false)).toMatchObject({
      phase: 'live',
      secondsToRenew: 1,
    })
  })

  it('without signal says how long the code still works, then that it has run out', () => {
    expect(judgeCode(code, renewAt, made + 60_000, true)).toEqual({
      phase: 'noSignal',
      secondsToRenew: 0,
      secondsLeft: 25,
    })
    // Run out a little before the server says: the clerk still has to send it.
    const end = made + 90_000 - EXPIRY_MARGIN_MS
    expect(judgeCode(code, renewAt, end - 1, true).phase).toBe('noSignal')
    expect(judgeCode(code, renewAt, end, true)).toEqual({
      phase: 'ranOut',
      secondsToRenew: 0,
      secondsLeft: 0,
    })
    // A copy the phone saved an hour ago.
    expect(judgeCode(code, renewAt, made + 3_600_000, true).phase).toBe('ranOut')
  })

  it('with signal, a code that has run out is being renewed, never shown as valid', () => {
    expect(judgeCode(code, renewAt, made + 89_000, false).phase).toBe('renewing')
    expect(judgeCode(null, 0, made, false).phase).toBe('renewing')
    expect(judgeCode(null, 0, made, true).phase).toBe('ranOut')
  })

  it('asks for a new code when its minute is over, when it has run out, or when there is none', () => {
    expect(renewalDue(code, renewAt, made + 59_999)).toBe(false)
    expect(renewalDue(code, renewAt, made + 60_000)).toBe(true)
    // A page brought back later, whose renewal moment was never reached by its timers.
    expect(renewalDue(code, made + 600_000, made + 86_000)).toBe(true)
    expect(renewalDue(null, renewAt, made)).toBe(true)
  })

  it('reads the server’s clock half way through the request', () => {
    // The phone is 2 minutes behind; the request took 400 ms.
    const sentAt = made - 120_000
    expect(clockOffset(new Date(made + 200).toISOString(), sentAt, sentAt + 400)).toBe(120_000)
  })

  it('keeps the clock it knows when an answer took too long to say where the server’s is', () => {
    const sentAt = made - 120_000
    const now = new Date(made + 200).toISOString()
    // A quick answer sets it, whatever was known.
    expect(nextClockOffset(5_000, now, sentAt, sentAt + 400)).toBe(120_000)
    // A slow one (the phone's clock moved on a minute while it waited) does not replace it...
    expect(nextClockOffset(120_000, now, sentAt, sentAt + 60_000)).toBe(120_000)
    expect(nextClockOffset(120_000, now, sentAt, sentAt + CLOCK_SAMPLE_MAX_MS + 1)).toBe(120_000)
    // ...but is better than nothing.
    expect(nextClockOffset(null, now, sentAt, sentAt + 60_000)).toBe(90_200)
  })

  it('asks at the renewal when it is sooner than the usual wait, never in a tight loop', () => {
    expect(nextRequestIn(renewAt, made, false)).toBe(WATCH_MS)
    expect(nextRequestIn(renewAt, renewAt - 1_000, false)).toBe(1_000)
    expect(nextRequestIn(renewAt, renewAt + 5_000, false)).toBe(0)
    expect(nextRequestIn(renewAt, renewAt + 5_000, true)).toBe(WATCH_MS)
  })
})
