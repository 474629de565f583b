import * as Sentry from "@sentry/node";
import type { PushPayload } from "@vitrine/domain";
import { createECDH, randomBytes } from "node:crypto";
import { get } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startErrorReporting } from "../src/error-reporting";
import { createPushSender } from "../src/modules/customer-notices/push";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { isErrorEvent, startSentrySink, type SentrySink } from "./support/sentry-sink";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * A push endpoint is the address anyone may post a notification to for one customer's browser:
 * it must never travel with error reports (the SDK records the server's outgoing requests as
 * spans and breadcrumbs).
 */

/**
 * A push service that answers 201 to each request, on 127.0.0.2 (127.0.0.1 is the Sentry sink's,
 * not a push service). Plain TCP: an http.Server in this process would be traced by the SDK as
 * an incoming request, which a real push service, elsewhere, never is.
 */
async function startPushService() {
  const paths: string[] = [];
  const server = createServer((socket) => {
    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf("\r\n\r\n");
      if (headEnd === -1) return;
      const head = received.subarray(0, headEnd).toString("latin1");
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (received.length < headEnd + 4 + length) return;
      paths.push(head.split(" ")[1] ?? "");
      socket.end("HTTP/1.1 201 Created\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  return {
    origin: `http://127.0.0.2:${(server.address() as AddressInfo).port}`,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let sink: SentrySink;
let t: TestApp;
let kit: ApiKit;
let pushService: { origin: string; paths: string[]; close: () => Promise<void> };

beforeAll(async () => {
  sink = await startSentrySink();
  pushService = await startPushService();
  t = await createTestApp({
    env: { SENTRY_DSN: sink.dsn, PUSH_SERVICE_HOSTS: "127.0.0.2", PUSH_ALLOW_PRIVATE_ADDRESSES: "true" },
    errorReporter: startErrorReporting,
    logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
  });
  kit = apiKitOf(t);
});
afterAll(async () => {
  await Sentry.close(2000);
  await t.close();
  await sink.close();
  await pushService.close();
});

function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

describe("error reporting of a push sent", () => {
  it("never carries the push endpoint, in a span or in the breadcrumbs of a later error", async () => {
    const customer = await kit.actor("customer");
    const secret = `/push-endpoint-${randomBytes(8).toString("hex")}`;
    const subscribed = await kit.injectAs("customer", {
      method: "POST",
      url: "/api/customer/push/subscriptions",
      payload: { endpoint: `${pushService.origin}${secret}`, keys: browserKeys() },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);
    // Another outgoing request through node:http, to a service that is not a push service: it is
    // recorded, which shows the push would be seen too if it were.
    const witness = `/not-a-push-${randomBytes(4).toString("hex")}`;
    await new Promise((resolve, reject) =>
      get(`${sink.origin}${witness}`, (response) => response.resume().on("end", resolve)).on("error", reject),
    );

    const payload: PushPayload = { title: "Réservé pour vous", body: "Robe", url: "/", tag: "t" };
    await createPushSender({ db: t.db, config: t.config, log: () => () => {} }).send(
      customer.userId,
      payload,
      60,
    );
    expect(pushService.paths).toContain(secret);
    t.app.log.error("a failure after the push");

    const error = await sink.waitForItem(
      (item) => isErrorEvent(item) && item.raw.includes("a failure after the push"),
    );
    const { breadcrumbs = [] } = error.payload as { breadcrumbs?: { data?: { url?: string } }[] };
    const urls = breadcrumbs.map((breadcrumb) => breadcrumb.data?.url ?? "");
    expect(urls).toContain(`${sink.origin}${witness}`);
    await Sentry.flush(2000);
    const everything = sink.envelopes.map((envelope) => envelope.raw).join("\n");
    expect(everything).not.toContain(secret);
  });
});
