import { ERROR_REPORTING_ELEMENT_ID, type BrowserErrorReporting } from "@vitrine/domain";

/**
 * The pages' error reporting: off unless the server wrote a DSN into the page (VITE_SENTRY_DSN).
 * The Sentry SDK (with session replay, some 100 kB) is then fetched once the page has loaded, in a
 * chunk of its own, so the customer's first load never carries it. What fails before it is there
 * is kept and sent once it is.
 */

export interface LoadedReporter {
  captureException(error: unknown, componentStack?: string): void;
}

type Pending = { error: unknown; componentStack?: string };

let reporter: LoadedReporter | undefined;
let pending: Pending[] | undefined;

/** The settings the server wrote into the page, if any. */
export function readErrorReporting(doc: Document = document): BrowserErrorReporting | undefined {
  const text = doc.getElementById(ERROR_REPORTING_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<BrowserErrorReporting>;
    return typeof parsed.dsn === "string" && parsed.dsn !== ""
      ? { dsn: parsed.dsn, environment: String(parsed.environment ?? "production") }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Reports an error the app caught: sent now, or once the SDK is there; logged without a DSN. */
export function reportError(error: unknown, componentStack?: string): void {
  if (reporter) reporter.captureException(error, componentStack);
  else if (pending) pending.push({ error, componentStack });
  else console.error(error);
}

/**
 * React's onCaughtError (createRoot): what an error boundary caught, a page that crashed while
 * rendering, with the components it happened in. Replaces React's own console.error, which the
 * SDK would otherwise report first, without them.
 */
export function reportCaughtError(error: unknown, info: { componentStack?: string }): void {
  reportError(error, info.componentStack);
}

/** Called once at start-up: does nothing unless the page carries a DSN. */
export function startErrorReporting(): void {
  const settings = readErrorReporting();
  if (!settings) return;
  pending = [];
  // Until the SDK installs its own handlers, uncaught errors and rejections wait here.
  const onError = (event: ErrorEvent) => pending?.push({ error: event.error ?? event.message });
  const onRejection = (event: PromiseRejectionEvent) => pending?.push({ error: event.reason });
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  const load = async () => {
    const { startSentry } = await import("./sentry");
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
    reporter = startSentry(settings);
    for (const { error, componentStack } of pending ?? []) reporter.captureException(error, componentStack);
    pending = undefined;
  };
  const loadQuietly = () => void load().catch(() => undefined);
  if (document.readyState === "complete") loadQuietly();
  else window.addEventListener("load", loadQuietly, { once: true });
}
