import type * as SentrySdk from '@sentry/node'
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

type Sdk = typeof SentrySdk
/** The SDK once started; null while reports are off. */
let sdk: Sdk | null = null

/**
 * Starts the SDK when a DSN is given; returns whether reports will be sent. The SDK is loaded only
 * then: with its tracing parts it is about 27 MB of the server's memory (docs/performance.md,
 * Memory), which a server that reports nowhere does not need.
 */
export async function startErrorReporting(settings: ErrorReportingSettings): Promise<boolean> {
  if (!settings.dsn || sdk) return sdk !== null
  const Sentry = await import('@sentry/node')
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
  sdk = Sentry
  return true
}

export function errorReportingStarted() {
  return sdk !== null
}

/** An unexpected failure (a 500): reported with the request id, under which it is logged. */
export function reportError(error: unknown, requestId?: string) {
  const Sentry = sdk
  if (!Sentry) return
  Sentry.withScope((scope) => {
    if (requestId) scope.setTag('request_id', requestId)
    Sentry.captureException(error)
  })
}

/** docs/product/error-reporting.md (Report a Bug): a farmer's description and the page. */
export function reportFeedback(feedback: { message: string; page: string; locale: string }) {
  sdk?.captureFeedback({
    message: scrubText(feedback.message),
    url: scrubText(feedback.page),
    tags: { locale: feedback.locale },
  })
}

/** Sends what is queued (at most `ms`) and stops: at the end of the process, or of a test. */
export async function stopErrorReporting(ms = 2000) {
  const Sentry = sdk
  if (!Sentry) return
  sdk = null
  await Sentry.close(ms)
}
