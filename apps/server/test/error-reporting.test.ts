import * as Sentry from "@sentry/node";
import { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startErrorReporting } from "../src/error-reporting";
import { signInByLink } from "./support/actors";
import { insertCustomer, insertOrder } from "./support/factories";
import { isErrorEvent, startSentrySink, type EnvelopeItem, type SentrySink } from "./support/sentry-sink";
import { createTestApp, SESSION_COOKIE, type TestApp } from "./support/test-app";

const TOKEN = "mAg1cL1nKt0kEnXyZ0123456789abcdef";
const STREET = "27 avenue des Capucines";
const PHONE = "06 12 34 56 78";
const EMAIL = "claire.dupont@example.fr";
const FAILURE = "order store unavailable";

let sink: SentrySink;
let t: TestApp;
let origin: string;

beforeAll(async () => {
  sink = await startSentrySink();
  t = await createTestApp({
    env: { SENTRY_DSN: sink.dsn },
    errorReporter: startErrorReporting,
    // The warn and error lines reach Sentry through the logger: it must be on.
    logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
  });
  // Through a real HTTP server, as in production: the SDK sees the request as it arrives.
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Sentry.close(2000);
  await t.close();
  await sink.close();
});

const eventOf = (item: EnvelopeItem) =>
  item.payload as {
    level?: string;
    environment?: string;
    message?: string;
    exception?: { values?: { type?: string; value?: string }[] };
    tags?: Record<string, string>;
    request?: { url?: string; method?: string; headers?: Record<string, string> };
    logentry?: { message?: string };
  };

describe("error reporting (SENTRY_DSN set)", () => {
  it("reports a route's failure (a 500) to Sentry, without the cookie, token, address or e-mail of the request", async () => {
    const customer = await insertCustomer(t.db);
    const order = await insertOrder(t.db, { userId: customer.id });
    const cookie = await signInByLink(t, customer.email ?? "");
    // Saving an address fails in the database, as an outage would make it.
    await t.db.execute(
      sql.raw(`CREATE FUNCTION refuse_address() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION '${FAILURE}'; END $$`),
    );
    await t.db.execute(
      sql.raw(
        "CREATE TRIGGER refuse_address BEFORE UPDATE OF shipping_address ON orders FOR EACH ROW EXECUTE FUNCTION refuse_address()",
      ),
    );

    const response = await fetch(`${origin}/api/customer/orders/${order.id}/address?token=${TOKEN}`, {
      method: "PUT",
      headers: {
        cookie,
        authorization: `Bearer ${TOKEN}`,
        "content-type": "application/json",
        referer: `${origin}/auth/verify?token=${TOKEN}`,
      },
      body: JSON.stringify({
        first_name: "Claire",
        last_name: "Dupont",
        street: STREET,
        zip: "75009",
        city: "Paris",
        email: EMAIL,
        phone: PHONE,
      }),
    });
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id");

    const item = await sink.waitForItem(
      (candidate) => isErrorEvent(candidate) && candidate.raw.includes(FAILURE),
    );
    const event = eventOf(item);
    expect(event.level).toBe("error");
    expect(event.environment).toBe("test");
    expect(event.tags).toMatchObject({
      request_id: requestId,
      route: "PUT /api/customer/orders/:id/address",
    });
    expect(event.exception?.values?.map((value) => value.value).join("\n")).toContain(FAILURE);
    expect(event.request?.url).toBe(`${origin}/api/customer/orders/${order.id}/address`);
    // Reported once: the error handler's log line of the same failure is not a second report.
    await Sentry.flush(2000);
    const reports = sink.envelopes.flatMap((envelope) => envelope.items).filter(isErrorEvent);
    expect(reports.filter((report) => report.raw.includes(FAILURE))).toHaveLength(1);

    const sessionValue = cookie.slice(`${SESSION_COOKIE}=`.length);
    const everything = sink.envelopes.map((envelope) => envelope.raw).join("\n");
    for (const secret of [sessionValue, TOKEN, STREET, PHONE, EMAIL]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("forwards the app's warnings and errors logged without an exception", async () => {
    t.app.log.warn("payment provider answered slowly");
    t.app.log.info("an ordinary request line");
    t.app.log.error({ customerEmail: EMAIL }, `mail to ${EMAIL} bounced`);

    const warning = eventOf(
      await sink.waitForItem(
        (item) => isErrorEvent(item) && item.raw.includes("payment provider answered slowly"),
      ),
    );
    expect(warning.level).toBe("warning");
    const error = eventOf(
      await sink.waitForItem((item) => isErrorEvent(item) && item.raw.includes("bounced")),
    );
    expect(error.level).toBe("error");
    const everything = sink.envelopes.map((envelope) => envelope.raw).join("\n");
    expect(everything).not.toContain(EMAIL);
    expect(everything).not.toContain("an ordinary request line");
  });
});
