import { scrubValue } from './scrub-personal-data.ts'

/**
 * docs/product/error-reporting.md (No personal data): the options every error-reporting SDK of
 * ours starts with (browser, web server, API): the SDK collects no user details, cookies,
 * headers, bodies or query strings, and whatever it sends (events, logs, the steps before an
 * error) is scrubbed last.
 */
export const REPORT_PRIVACY = {
  dataCollection: {
    userInfo: false,
    cookies: false,
    httpHeaders: false,
    httpBodies: [],
    urlQueryParams: false,
  },
  beforeSend: <T>(event: T): T => scrubValue(event),
  beforeSendLog: <T>(log: T): T => scrubValue(log),
  beforeBreadcrumb: <T>(breadcrumb: T): T => scrubValue(breadcrumb),
}

// docs/product/error-reporting.md (What is reported): the rates everywhere.
export const TRACES_SAMPLE_RATE = 0.2
export const REPLAY_SESSION_SAMPLE_RATE = 1
export const REPLAY_ON_ERROR_SAMPLE_RATE = 1
