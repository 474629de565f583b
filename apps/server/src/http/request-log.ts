import type { FastifyRequest } from "fastify";

const SECRET_QUERY_PARAMETERS = /([?&](?:token|code|key|signature)=)[^&#]*/gi;

/** A URL fit for the log: the values of secret query parameters (magic-link tokens) replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMETERS, "$1[redacted]");
}

/**
 * What a request log line records: method, redacted URL, client address and request id. Never
 * bodies (sign-in e-mails, passwords, tokens) and never headers (cookies).
 */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      id: request.id,
      method: request.method,
      url: redactUrl(request.url),
      remoteAddress: request.ip,
    };
  },
};
