import * as Sentry from "@sentry/react";
import { scrubErrorReport, scrubText, type BrowserErrorReporting } from "@vitrine/domain";
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
        beforeAddRecordingEvent: (event) => scrubErrorReport(event),
        // Sent as JSON rather than compressed, so that the page addresses it records can be
        // scrubbed on the way out (withScrubbedRecordings).
        useCompression: false,
      }),
      Sentry.captureConsoleIntegration({ levels: ["warn", "error"] }),
    ],
    transport: (options) => withScrubbedRecordings(Sentry.makeFetchTransport(options)),
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

type Transport = ReturnType<typeof Sentry.makeFetchTransport>;
type EnvelopeItem = [{ type?: string; length?: number }, unknown];

/** Attributes that rrweb records as absolute addresses: the page's own query string included. */
const ADDRESS_KEYS = new Set(["href", "src", "action"]);

/** The recorded events with every address's query values replaced, the rest untouched. */
function scrubRecordedAddresses(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubRecordedAddresses);
  if (value === null || typeof value !== "object") return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] =
      ADDRESS_KEYS.has(key) && typeof item === "string" ? scrubText(item) : scrubRecordedAddresses(item);
  }
  return result;
}

/**
 * A replay records the page's address at each snapshot (rrweb's meta events) and every link made
 * absolute (a skip link "#contenu" becomes the page's address, query string and all), and no SDK
 * hook sees them: the transport scrubs them before the recording leaves.
 */
function withScrubbedRecordings(transport: Transport): Transport {
  return {
    send: (envelope) => {
      const [headers, items] = envelope as unknown as [unknown, EnvelopeItem[]];
      const scrubbed = [headers, items.map(scrubRecordingItem)] as unknown as typeof envelope;
      return transport.send(scrubbed);
    },
    flush: (timeout) => transport.flush(timeout),
  };
}

function scrubRecordingItem(item: EnvelopeItem): EnvelopeItem {
  const [header, payload] = item;
  if (header.type !== "replay_recording" || typeof payload !== "string") return item;
  const newline = payload.indexOf("\n");
  try {
    const events = scrubRecordedAddresses(JSON.parse(payload.slice(newline + 1)));
    const text = `${payload.slice(0, newline + 1)}${JSON.stringify(events)}`;
    return [{ ...header, length: new TextEncoder().encode(text).length }, text];
  } catch {
    // Not the JSON it should be: not sent rather than sent unscrubbed.
    return [{ ...header, length: 0 }, ""];
  }
}
