import * as Sentry from '@sentry/node'
import { scrubText } from '@padi/domain/privacy/scrub-personal-data'
import { REPORT_PRIVACY, TRACES_SAMPLE_RATE } from '@padi/domain/privacy/report-privacy'

// docs/product/error-reporting.md: off unless a service is configured; the spec's trace rate;
// no personal data in any event, log or breadcrumb (REPORT_PRIVACY scrubs what the SDK sends).

export type ErrorReportingSettings = {
  dsn: string | undefined
  environment: string
  release: string | undefined
  serverName: 'api' | 'web'
}

let started = false

/** Starts the SDK when a DSN is given; returns whether reports will be sent. */
export function startErrorReporting(settings: ErrorReportingSettings): boolean {
  if (!settings.dsn || started) return started
  Sentry.init({
    ...REPORT_PRIVACY,
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    serverName: settings.serverName,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    integrations: (defaults) => [
      // A route's failure is reported once, by our error handler (reportError), with the request
      // id it is logged under; the SDK's own Fastify hook would report it without, and first.
      ...defaults.filter((integration) => integration.name !== 'Fastify'),
      // Only error-level console output becomes an error; warnings become logs.
      Sentry.captureConsoleIntegration({ levels: ['error'] }),
      Sentry.consoleLoggingIntegration({ levels: ['warn'] }),
    ],
  })
  started = true
  return true
}

export function errorReportingStarted() {
  return started
}

/** An unexpected failure (a 500): reported with the request id, under which it is logged. */
export function reportError(error: unknown, requestId?: string) {
  if (!started) return
  Sentry.withScope((scope) => {
    if (requestId) scope.setTag('request_id', requestId)
    Sentry.captureException(error)
  })
}

/** docs/product/error-reporting.md (Report a Bug): a farmer's description and the page. */
export function reportFeedback(feedback: { message: string; page: string; locale: string }) {
  Sentry.captureFeedback({
    message: scrubText(feedback.message),
    url: scrubText(feedback.page),
    tags: { locale: feedback.locale },
  })
}

/** Sends what is queued (at most `ms`) and stops: at the end of the process, or of a test. */
export async function stopErrorReporting(ms = 2000) {
  if (!started) return
  started = false
  await Sentry.close(ms)
}
