import { describe, expect, it } from "vitest";
import { FILTERED, scrubErrorReport, scrubText } from "./error-report";

const MAGIC_TOKEN = "mAg1cL1nKt0kEnXyZ0123456789abcdef";
const COOKIE = "vitrine.session=s3ss10nS3cr3t.sig";
const EMAIL = "claire.dupont@example.fr";
const CARD = "4970 1000 0000 0055";
const STREET = "12 rue des Lilas";

/** A server event as @sentry/node builds it from a request that carried everything it must not. */
function serverEvent() {
  return {
    event_id: "0123456789abcdef0123456789abcdef",
    level: "error",
    message: `failed for ${EMAIL} paying with ${CARD}`,
    exception: {
      values: [
        {
          type: "Error",
          value: `no order for /api/auth/verify?token=${MAGIC_TOKEN}`,
          stacktrace: {
            frames: [
              { filename: "/app/dist/main.mjs", lineno: 12, function: "handler", vars: { email: EMAIL } },
            ],
          },
        },
      ],
    },
    request: {
      method: "POST",
      url: `http://shop.test/api/customer/profile?token=${MAGIC_TOKEN}&email=${EMAIL}`,
      query_string: `token=${MAGIC_TOKEN}`,
      headers: {
        cookie: COOKIE,
        authorization: `Bearer ${MAGIC_TOKEN}`,
        "x-live-ingest-token": MAGIC_TOKEN,
        "user-agent": "Mozilla/5.0",
        referer: `http://shop.test/auth/verify?token=${MAGIC_TOKEN}`,
      },
      cookies: { "vitrine.session": "s3ss10nS3cr3t" },
      data: { street: STREET, cardNumber: CARD },
    },
    user: { id: "user-1", email: EMAIL, ip_address: "203.0.113.7", username: "claire" },
    extra: {
      body: { formToken: "f0rmT0k3n" },
      deliveryAddress: { line1: STREET, city: "Lyon", postalCode: "69001" },
      attempt: 2,
    },
    contexts: { trace: { data: { "url.full": `http://shop.test/x?token=${MAGIC_TOKEN}` } } },
    sdk: { name: "sentry.javascript.node", version: "11.12.0" },
  };
}

describe("scrubErrorReport", () => {
  it("leaves no cookie, token, e-mail, address or card number anywhere in the event", () => {
    const text = JSON.stringify(scrubErrorReport(serverEvent()));
    for (const secret of [
      MAGIC_TOKEN,
      "s3ss10nS3cr3t",
      EMAIL,
      CARD,
      STREET,
      "f0rmT0k3n",
      "69001",
      "203.0.113.7",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("drops the request's cookies, credentials and body, keeps what locates the failure", () => {
    const scrubbed = scrubErrorReport(serverEvent());
    expect(scrubbed.request.headers).toEqual({
      "user-agent": "Mozilla/5.0",
      referer: `http://shop.test/auth/verify?token=${FILTERED}`,
    });
    expect(scrubbed.request).not.toHaveProperty("cookies");
    expect(scrubbed.request.data).toBe(FILTERED);
    expect(scrubbed.request.query_string).toBe(FILTERED);
    expect(scrubbed.request.method).toBe("POST");
    expect(scrubbed.request.url).toBe(
      `http://shop.test/api/customer/profile?token=${FILTERED}&email=${FILTERED}`,
    );
    expect(scrubbed.user).toEqual({ id: "user-1" });
    expect(scrubbed.extra.attempt).toBe(2);
    expect(scrubbed.extra.deliveryAddress).toBe(FILTERED);
    expect(scrubbed.sdk).toEqual({ name: "sentry.javascript.node", version: "11.12.0" });
  });

  it("keeps the stack trace but not its frames' local variables", () => {
    const frame = scrubErrorReport(serverEvent()).exception.values[0]?.stacktrace.frames[0];
    expect(frame).toEqual({ filename: "/app/dist/main.mjs", lineno: 12, function: "handler" });
  });

  it("scrubs JSON held in a string (an error serialized by the logger) as the data it is", () => {
    const log = scrubErrorReport({
      body: "unhandled error",
      attributes: {
        err: {
          value: JSON.stringify({
            message: "Failed query",
            params: ["to-pay", JSON.stringify({ street: STREET })],
          }),
        },
      },
    });
    expect(JSON.stringify(log)).not.toContain(STREET);
    expect(JSON.parse(log.attributes.err.value)).toEqual({ message: "Failed query", params: FILTERED });
  });

  it("does not change the report it is given", () => {
    const event = serverEvent();
    scrubErrorReport(event);
    expect(event).toEqual(serverEvent());
  });

  it("scrubs a browser breadcrumb: navigation and fetch URLs lose their query values", () => {
    const navigation = scrubErrorReport({
      category: "navigation",
      data: { from: "/login", to: `/auth/verify?token=${MAGIC_TOKEN}` },
    });
    expect(navigation.data).toEqual({ from: "/login", to: `/auth/verify?token=${FILTERED}` });
    const fetch = scrubErrorReport({
      category: "fetch",
      data: { method: "GET", url: `/api/admin/users?search=${EMAIL}`, status_code: 500 },
    });
    expect(fetch.data).toEqual({
      method: "GET",
      url: `/api/admin/users?search=${FILTERED}`,
      status_code: 500,
    });
  });
});

describe("scrubText", () => {
  it.each([
    [`paid with ${CARD}`, `paid with ${FILTERED}`],
    ["paid with 4970100000000055", `paid with ${FILTERED}`],
    [`mail to ${EMAIL} failed`, `mail to ${FILTERED} failed`],
    [`Authorization: Bearer ${MAGIC_TOKEN}`, `Authorization: Bearer ${FILTERED}`],
    ["jwt eyJhbGciOi.eyJzdWIiOiIx.c2lnbmF0dXJl here", `jwt ${FILTERED} here`],
    [
      'Failed query: update "orders" set "shipping_address" = $1\nparams: {"street":"12 rue des Lilas"}',
      `Failed query: update "orders" set "shipping_address" = $1\nparams: ${FILTERED}`,
    ],
    ["order 1234 costs 45,00 €", "order 1234 costs 45,00 €"],
    ["sample_rand 0.2937951956775211", "sample_rand 0.2937951956775211"],
  ])("%s", (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });
});
