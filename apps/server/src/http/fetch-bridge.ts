import type { FastifyReply, FastifyRequest } from "fastify";

/** The request's headers as a Fetch `Headers`, which better-auth's API expects. */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  // better-auth records the client address; give it the one Fastify trusts (TRUST_PROXY aware).
  headers.set("x-forwarded-for", request.ip);
  return headers;
}

export function forwardSetCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}
