import { describe, expect, it } from 'vitest'
import {
  REPLAY_ON_ERROR_SAMPLE_RATE,
  REPLAY_SESSION_SAMPLE_RATE,
  REPORT_PRIVACY,
  TRACES_SAMPLE_RATE,
} from './report-privacy.ts'

describe('what an error report may carry (docs/product/error-reporting.md: No personal data)', () => {
  it('turns off the SDK’s own collection of user details, cookies, headers, bodies and queries', () => {
    expect(REPORT_PRIVACY.dataCollection).toEqual({
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    })
  })

  it('scrubs events, logs and breadcrumbs last, whatever they hold', () => {
    const event = { message: 'failed for +60120000001', extra: { pin: '390571' } }
    const scrubbed = { message: 'failed for [redacted]', extra: { pin: '[redacted]' } }
    expect(REPORT_PRIVACY.beforeSend(event)).toEqual(scrubbed)
    expect(REPORT_PRIVACY.beforeSendLog(event)).toEqual(scrubbed)
    expect(REPORT_PRIVACY.beforeBreadcrumb({ data: { url: '/en/reset?code=123456' } })).toEqual({
      data: { url: '/en/reset?code=[redacted]' },
    })
  })
})

describe('how much is reported (docs/product/error-reporting.md: What is reported)', () => {
  it('traces 1 in 5, replays every session and every session with an error', () => {
    expect(TRACES_SAMPLE_RATE).toBe(0.2)
    expect(REPLAY_SESSION_SAMPLE_RATE).toBe(1)
    expect(REPLAY_ON_ERROR_SAMPLE_RATE).toBe(1)
  })
})
