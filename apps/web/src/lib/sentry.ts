import * as Sentry from "@sentry/react";
import { scrubErrorReport, type BrowserErrorReporting } from "@vitrine/domain";
import type { LoadedReporter } from "./error-reporting";

/**
 * The spec's error reporting (customer-and-auth.md, business constants): error and warn logs
 * forwarded, every trace kept, a session replay of 10 % of visits and of every visit with an error,
 * 100 breadcrumbs, a transport buffer of 30. Loaded only when the page carries a DSN.
 */
export const BROWSER_SENTRY_SETTINGS = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
  maxBreadcrumbs: 100,
  transportBufferSize: 30,
} as const;

export function startSentry({ dsn, environment }: BrowserErrorReporting): LoadedReporter {
  Sentry.init({
    dsn,
    environment,
    tracesSampleRate: BROWSER_SENTRY_SETTINGS.tracesSampleRate,
    replaysSessionSampleRate: BROWSER_SENTRY_SETTINGS.replaysSessionSampleRate,
    replaysOnErrorSampleRate: BROWSER_SENTRY_SETTINGS.replaysOnErrorSampleRate,
    maxBreadcrumbs: BROWSER_SENTRY_SETTINGS.maxBreadcrumbs,
    transportOptions: { bufferSize: BROWSER_SENTRY_SETTINGS.transportBufferSize },
    // What sendDefaultPii: false was before SDK 11: no user, cookies, bodies or query strings.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      genAI: { inputs: false, outputs: false },
    },
    integrations: [
      Sentry.browserTracingIntegration(),
      // Every text and input masked, images and media blocked: a replay shows the layout and the
      // clicks, never what a customer typed or read (names, addresses, card fields).
      Sentry.replayIntegration({
        maskAllText: true,
        maskAllInputs: true,
        blockAllMedia: true,
        // The breadcrumbs and requests a replay records carry URLs: scrubbed like any report.
        // Snapshots of the page are masked already; its address never holds a token when the
        // replay starts (error-reporting.ts).
        beforeAddRecordingEvent: (event) => scrubErrorReport(event),
      }),
      Sentry.captureConsoleIntegration({ levels: ["warn", "error"] }),
    ],
    beforeSend: (event) => scrubErrorReport(event),
    beforeSendSpan: (span) => scrubErrorReport(span),
    beforeSendLog: (log) => scrubErrorReport(log),
    beforeBreadcrumb: (breadcrumb) => scrubErrorReport(breadcrumb),
  });
  // A replay's own event lists the pages visited: it does not go through beforeSend.
  Sentry.addEventProcessor((event) => (event.type === "replay_event" ? scrubErrorReport(event) : event));
  return {
    captureException(error, componentStack) {
      if (componentStack) Sentry.captureReactException(error, { componentStack });
      else Sentry.captureException(error);
    },
  };
}
