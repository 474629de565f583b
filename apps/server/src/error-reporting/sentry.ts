import * as Sentry from "@sentry/node";
import { scrubErrorReport } from "@vitrine/domain";
import { isPushServiceUrl } from "../lib/push-services";
import type { ErrorReporter } from "./index";

/**
 * The spec's error reporting (customer-and-auth.md, business constants): error and warn logs
 * forwarded, every trace kept, 100 breadcrumbs, a transport buffer of 30, the environment's name.
 */
export const SENTRY_SETTINGS = {
  tracesSampleRate: 1,
  maxBreadcrumbs: 100,
  transportBufferSize: 30,
  forwardedLogLevels: ["warn", "error", "fatal"],
} as const;

const UNUSED_INTEGRATIONS = /^(Fastify|LocalVariables.*)$/;
/** Set up again below, with options of the app's own. */
const CONFIGURED_INTEGRATIONS = /^(Http|NodeFetch)$/;

export interface SentryOptions {
  /** Where customers' push subscriptions point (config.pushServiceHosts). */
  pushServiceHosts: readonly string[];
}

export function startSentry(
  dsn: string,
  environment: string,
  { pushServiceHosts }: SentryOptions,
): ErrorReporter {
  // A push endpoint is the address to notify one customer's browser, a secret of theirs: a
  // request to a push service is left out of spans and breadcrumbs altogether (its URL would be
  // in both, and its path alone in the span's attributes, out of any scrubber's reach).
  const isPushRequest = (url: string) => isPushServiceUrl(url, pushServiceHosts);
  Sentry.init({
    dsn,
    environment,
    tracesSampleRate: SENTRY_SETTINGS.tracesSampleRate,
    maxBreadcrumbs: SENTRY_SETTINGS.maxBreadcrumbs,
    transportOptions: { bufferSize: SENTRY_SETTINGS.transportBufferSize },
    // The server runs from one bundle (decision 005): the SDK's load-time patching of packages
    // cannot reach inside it, and route errors are reported by the app's error handler.
    enableRuntimeChannelInjection: false,
    // What sendDefaultPii: false was before SDK 11: no user, cookies, bodies, query strings or
    // local variables collected, and only harmless request headers.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: {
        request: { allow: ["user-agent", "content-type", "accept", "accept-language"] },
        response: false,
      },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
    },
    integrations: (defaults) => [
      // The app's error handler reports its 500s itself, with the request id (below): the Fastify
      // integration would report them a second time, and the local variables' inspector session
      // costs a thread for values that are not collected anyway.
      ...defaults.filter(
        (integration) =>
          !UNUSED_INTEGRATIONS.test(integration.name) && !CONFIGURED_INTEGRATIONS.test(integration.name),
      ),
      Sentry.httpIntegration({ ignoreOutgoingRequests: isPushRequest }),
      Sentry.nativeNodeFetchIntegration({ ignoreOutgoingRequests: isPushRequest }),
      Sentry.pinoIntegration({
        error: { levels: [...SENTRY_SETTINGS.forwardedLogLevels] },
        log: { levels: [...SENTRY_SETTINGS.forwardedLogLevels] },
      }),
    ],
    // Whatever the collection settings let through, nothing leaves without the shared scrubber.
    beforeSend: (event) => scrubErrorReport(event),
    beforeSendSpan: (span) => scrubErrorReport(span),
    beforeSendLog: (log) => scrubErrorReport(log),
    beforeBreadcrumb: (breadcrumb) => scrubErrorReport(breadcrumb),
  });
  return {
    captureRouteError(error, request) {
      Sentry.withScope((scope) => {
        scope.setTag("request_id", request.id);
        scope.setTag("route", `${request.method} ${request.routeOptions.url ?? "(no route)"}`);
        Sentry.captureException(error, { mechanism: { type: "auto.http.fastify", handled: false } });
      });
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  };
}
