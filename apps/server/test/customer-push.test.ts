import { pushMessages, pushPayloadSchema, type PushPayload } from "@vitrine/domain";
import type { FastifyInstance } from "fastify";
import { decrypt } from "http_ece";
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { connectDatabase, type DatabaseHandle } from "../src/db/client";
import { PUSH_FAILURES_LIMIT, createPushSender } from "../src/modules/customer-notices/push";
import { apiKitOf, type Actor, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct } from "./support/factories";
import { chatEvent, postEvents } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service as browsers' vendors run them, on this machine: it answers `status` and keeps what it got. */
async function startPushService() {
  const received: Received[] = [];
  let status = 201;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription: its own ECDH pair and auth secret, as PushManager.subscribe makes them. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    },
  };
}

/** What the browser's push service would hand the service worker: the body decrypted (RFC 8291). */
function decryptPush(body: Buffer, subscriber: { ecdh: ECDH; auth: Buffer }): PushPayload {
  const clear = decrypt(body, {
    version: "aes128gcm",
    privateKey: subscriber.ecdh,
    authSecret: subscriber.auth.toString("base64url"),
  });
  return pushPayloadSchema.parse(JSON.parse(clear.toString("utf8")));
}

/** Checks the VAPID header (RFC 8292): a JWT signed with the key it names, for the push service's origin. */
function checkVapid(headers: IncomingHttpHeaders, publicKey: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(headers.authorization ?? "");
  expect(match?.[2]).toBe(publicKey);
  const [header, claims, signature] = (match?.[1] ?? "").split(".");
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature ?? "", "base64url"),
  );
  expect(signed).toBe(true);
  const jwt = JSON.parse(Buffer.from(claims ?? "", "base64url").toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  expect(jwt.aud).toBe(audience);
  expect(jwt.exp * 1000).toBeGreaterThan(Date.now());
  expect(jwt.sub).toBe("mailto:contact@vitrine.local");
}

let t: TestApp;
let kit: ApiKit;
let customer: Actor;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let secondDatabase: DatabaseHandle;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
  customer = await kit.actor("customer");
  pushService = await startPushService();
  secondDatabase = connectDatabase(t.databaseUrl, 3);
  second = await buildApp({
    config: t.config,
    db: secondDatabase.db,
    // Either instance may run a job: both mail into the same list.
    mailer: { send: async (mail) => void t.mails.push(mail) },
    authSecret: t.authSecret,
    logger: false,
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await secondDatabase.close();
  await t.close();
  await pushService.close();
});

const subscriptionsOf = async (userId: string) =>
  (
    await t.db.$client.query<{ endpoint: string; failures: number; last_sent_at: Date | null }>(
      "SELECT endpoint, failures, last_sent_at FROM push_subscriptions WHERE user_id = $1",
      [userId],
    )
  ).rows;

const subscribe = (role: "customer" | "otherCustomer", payload: object) =>
  kit.injectAs(role, { method: "POST", url: "/api/customer/push/subscriptions", payload });

describe("the VAPID key", () => {
  it("is made once and served alike by two instances on one database", async () => {
    const cookie = await kit.cookieOf("customer");
    const [fromFirst, fromSecond] = await Promise.all([
      kit.injectAs("customer", { method: "GET", url: "/api/customer/push/key" }),
      second.inject({ method: "GET", url: "/api/customer/push/key", headers: { cookie } }),
    ]);
    expect(fromFirst.statusCode, fromFirst.body).toBe(200);
    expect(fromSecond.statusCode, fromSecond.body).toBe(200);
    const { publicKey } = fromFirst.json<{ publicKey: string }>();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(fromSecond.json<{ publicKey: string }>().publicKey).toBe(publicKey);
    const { rows } = await t.db.$client.query<{ public_key: string }>("SELECT public_key FROM web_push_keys");
    expect(rows).toEqual([{ public_key: publicKey }]);
  });
});

describe("push subscriptions", () => {
  it("an invalid subscription is refused in French and nothing is stored", async () => {
    const before = await subscriptionsOf(customer.userId);
    for (const [payload, message] of [
      [
        { endpoint: "pas une adresse", keys: browserSubscription("x").json.keys },
        pushMessages.invalidSubscription,
      ],
      [
        { endpoint: `${pushService.origin}/bad`, keys: { p256dh: "court", auth: "court" } },
        pushMessages.invalidSubscription,
      ],
      [{ endpoint: `${pushService.origin}/bad` }, "Le champ « keys » est requis."],
    ] as const) {
      const response = await subscribe("customer", payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect(await subscriptionsOf(customer.userId)).toEqual(before);
  });

  it("an endpoint subscribed again by another account changes owner; unsubscribing takes only one's own", async () => {
    const browser = browserSubscription(`${pushService.origin}/shared-${randomBytes(3).toString("hex")}`);
    expect((await subscribe("customer", browser.json)).statusCode).toBe(204);
    const other = await kit.actor("otherCustomer");
    expect((await subscribe("otherCustomer", browser.json)).statusCode).toBe(204);
    expect((await subscriptionsOf(customer.userId)).map((row) => row.endpoint)).not.toContain(
      browser.json.endpoint,
    );
    expect((await subscriptionsOf(other.userId)).map((row) => row.endpoint)).toContain(browser.json.endpoint);

    const notMine = await kit.injectAs("customer", {
      method: "DELETE",
      url: "/api/customer/push/subscriptions",
      payload: { endpoint: browser.json.endpoint },
    });
    expect(notMine.statusCode).toBe(204);
    expect((await subscriptionsOf(other.userId)).map((row) => row.endpoint)).toContain(browser.json.endpoint);
    const mine = await kit.injectAs("otherCustomer", {
      method: "DELETE",
      url: "/api/customer/push/subscriptions",
      payload: { endpoint: browser.json.endpoint },
    });
    expect(mine.statusCode).toBe(204);
    expect(await subscriptionsOf(other.userId)).toEqual([]);
  });
});

/** An active live in automatic mode (holds of an hour) showing one piece. */
async function automaticLiveWithOnePiece() {
  const live = await insertLive(t.db, { isActive: true });
  const settings = await kit.injectAs("admin", {
    method: "PUT",
    url: `/api/admin/lives/${live.id}/claims/settings`,
    payload: { mode: "automatique", holdSeconds: 3600 },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const robe = await insertProduct(t.db, { liveId: live.id, colorId: null });
  return { live, robe };
}

describe("a notice pushed", () => {
  it("reaches the push service signed with the shop's VAPID key, encrypted for the browser, opening the order", async () => {
    const path = `/claims-${randomBytes(3).toString("hex")}`;
    const browser = browserSubscription(`${pushService.origin}${path}`);
    expect((await subscribe("customer", browser.json)).statusCode).toBe(204);
    const { live, robe } = await automaticLiveWithOnePiece();
    await postEvents(t.app, live.ref, [
      chatEvent({ uniqueId: customer.tiktokUsername ?? "", comment: `je prends le ${robe.ref}` }),
    ]);

    await eventually(() => pushService.received.some((request) => request.path === path), 15_000);
    const [request, ...more] = pushService.received.filter((received) => received.path === path);
    expect(more).toEqual([]);
    const { publicKey } = (
      await kit.injectAs("customer", { method: "GET", url: "/api/customer/push/key" })
    ).json<{
      publicKey: string;
    }>();
    checkVapid(request?.headers ?? {}, publicKey, pushService.origin);
    expect(request?.headers["content-encoding"]).toBe("aes128gcm");
    const ttl = Number(request?.headers.ttl);
    expect(ttl).toBeGreaterThan(3000);
    expect(ttl).toBeLessThanOrEqual(3600);

    const payload = decryptPush(request?.body ?? Buffer.alloc(0), browser);
    const { rows } = await t.db.$client.query<{ order_id: string }>(
      "SELECT order_id FROM live_claims WHERE product_id = $1",
      [robe.id],
    );
    const orderId = rows[0]?.order_id;
    expect(payload).toEqual({
      title: "Réservé pour vous",
      body: expect.stringContaining(`${robe.name} (n°${robe.ref}) : réservé pour vous jusqu'au `),
      url: `http://localhost:3000/customer/order/${orderId}`,
      tag: `claim-reserved:${orderId}`,
    });
    await eventually(async () =>
      (await subscriptionsOf(customer.userId)).some(
        (row) => row.endpoint === browser.json.endpoint && row.last_sent_at,
      ),
    );
  });
});

describe("a push that fails while its notice is mailed", () => {
  it("never makes the mail go again: the notice is sent once, the failure counted", async () => {
    const path = `/down-${randomBytes(3).toString("hex")}`;
    const browser = browserSubscription(`${pushService.origin}${path}`);
    expect((await subscribe("customer", browser.json)).statusCode).toBe(204);
    const { live, robe } = await automaticLiveWithOnePiece();
    pushService.answer(503);
    try {
      await postEvents(t.app, live.ref, [
        chatEvent({ uniqueId: customer.tiktokUsername ?? "", comment: `je prends le ${robe.ref}` }),
      ]);
      await eventually(() => pushService.received.some((request) => request.path === path), 15_000);
      await eventually(async () =>
        (await subscriptionsOf(customer.userId)).some(
          (row) => row.endpoint === browser.json.endpoint && row.failures === 1,
        ),
      );
    } finally {
      pushService.answer(201);
    }
    const { rows } = await t.db.$client.query<{ n: string }>(
      "SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = $1",
      [`customer-notices:${customer.userId}`],
    );
    expect(rows[0]?.n).toBe("0");
    const claim = await t.db.$client.query<{ order_id: string }>(
      "SELECT order_id FROM live_claims WHERE product_id = $1",
      [robe.id],
    );
    const orderUrl = `/customer/order/${claim.rows[0]?.order_id}`;
    const mails = t.mails.filter((mail) => mail.to === customer.email && mail.text.includes(orderUrl));
    expect(mails.map((mail) => mail.subject)).toEqual(["Réservé pour vous"]);
    expect(pushService.received.filter((request) => request.path === path)).toHaveLength(1);
  });
});

describe("a push service that refuses", () => {
  const sender = () => createPushSender({ db: t.db, config: t.config, log: () => () => {} });
  const payload: PushPayload = {
    title: "Réservé pour vous",
    body: "Robe",
    url: "http://localhost:3000/",
    tag: "t",
  };

  it("with 410 (the browser unsubscribed): the subscription is deleted at once", async () => {
    const browser = browserSubscription(`${pushService.origin}/gone-${randomBytes(3).toString("hex")}`);
    expect((await subscribe("customer", browser.json)).statusCode).toBe(204);
    pushService.answer(410);
    try {
      await sender().send(customer.userId, payload, 60);
    } finally {
      pushService.answer(201);
    }
    expect((await subscriptionsOf(customer.userId)).map((row) => row.endpoint)).not.toContain(
      browser.json.endpoint,
    );
  });

  it(`otherwise: counted, and deleted at ${PUSH_FAILURES_LIMIT} failures in a row, never tried again`, async () => {
    const browser = browserSubscription(`${pushService.origin}/failing-${randomBytes(3).toString("hex")}`);
    expect((await subscribe("customer", browser.json)).statusCode).toBe(204);
    const mine = async () =>
      (await subscriptionsOf(customer.userId)).find((row) => row.endpoint === browser.json.endpoint);
    pushService.answer(500);
    try {
      for (let failures = 1; failures < PUSH_FAILURES_LIMIT; failures++) {
        await sender().send(customer.userId, payload, 60);
        expect((await mine())?.failures).toBe(failures);
      }
      await sender().send(customer.userId, payload, 60);
      expect(await mine()).toBeUndefined();
      const sent = pushService.received.filter((request) =>
        request.path.startsWith(new URL(browser.json.endpoint).pathname),
      );
      expect(sent).toHaveLength(PUSH_FAILURES_LIMIT);
    } finally {
      pushService.answer(201);
    }
  });
});
