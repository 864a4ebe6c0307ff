import * as Sentry from '@sentry/browser'
import {
  REPLAY_ON_ERROR_SAMPLE_RATE,
  REPLAY_SESSION_SAMPLE_RATE,
  REPORT_PRIVACY,
  TRACES_SAMPLE_RATE,
} from '@padi/domain/privacy/report-privacy'

/** What the server tells the page when error reporting is on (root loader; null when off). */
export type BrowserErrorReporting = { dsn: string; environment: string }

/**
 * Loaded after the page is shown, and only when a service is configured. Reports go to our own
 * web server (`tunnel`), which checks and forwards them: the page talks only to its own site, and
 * the content security policy stays 'self'. Every report is scrubbed of personal data here and
 * again on the server.
 */
export function start(config: BrowserErrorReporting) {
  Sentry.init({
    ...REPORT_PRIVACY,
    dsn: config.dsn,
    tunnel: '/errors/envelope',
    environment: config.environment,
    // The deploy names the release when it builds (a commit, say); a new one is a new build.
    release: import.meta.env.VITE_APP_RELEASE || undefined,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    replaysSessionSampleRate: REPLAY_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: REPLAY_ON_ERROR_SAMPLE_RATE,
    // Tracing headers only on requests to this site, never to another host.
    tracePropagationTargets: [/^\/(?!\/)/, window.location.origin],
    integrations: [
      Sentry.browserTracingIntegration(),
      // Every word and field masked, images blocked: a replay shows where, never what.
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
      // Only error-level console output becomes an error; warnings become logs.
      Sentry.captureConsoleIntegration({ levels: ['error'] }),
      Sentry.consoleLoggingIntegration({ levels: ['warn'] }),
    ],
  })
}
