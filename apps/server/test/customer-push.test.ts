import { pushMessages, pushPayloadSchema, type PushPayload } from "@vitrine/domain";
import type { FastifyInstance } from "fastify";
import { decrypt } from "http_ece";
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { createServer as createTcpServer, type AddressInfo } from "node:net";
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
/** The push service of these tests runs on this machine: its address is a private one. */
const LOCAL_PUSH_SERVICE = { PUSH_SERVICE_HOSTS: "127.0.0.1", PUSH_ALLOW_PRIVATE_ADDRESSES: "true" };

beforeAll(async () => {
  t = await createTestApp({ env: LOCAL_PUSH_SERVICE });
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

  it("an endpoint another account subscribed is refused (409) and stays theirs; its own account may post it again", async () => {
    const browser = browserSubscription(`${pushService.origin}/shared-${randomBytes(3).toString("hex")}`);
    expect((await subscribe("customer", browser.json)).statusCode).toBe(204);
    const other = await kit.actor("otherCustomer");
    const taken = await subscribe("otherCustomer", browserSubscription(browser.json.endpoint).json);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toEqual({ code: "CONFLICT", message: pushMessages.endpointTaken });
    expect((await subscriptionsOf(customer.userId)).map((row) => row.endpoint)).toContain(
      browser.json.endpoint,
    );
    expect(await subscriptionsOf(other.userId)).toEqual([]);
    const keysOf = async () =>
      (
        await t.db.$client.query<{ user_id: string; p256dh: string }>(
          "SELECT user_id, p256dh FROM push_subscriptions WHERE endpoint = $1",
          [browser.json.endpoint],
        )
      ).rows;
    expect(await keysOf()).toEqual([{ user_id: customer.userId, p256dh: browser.json.keys.p256dh }]);

    // The browser subscribing again for the same account: its new keys replace the old ones.
    const renewed = browserSubscription(browser.json.endpoint);
    expect((await subscribe("customer", renewed.json)).statusCode).toBe(204);
    expect(await keysOf()).toEqual([{ user_id: customer.userId, p256dh: renewed.json.keys.p256dh }]);

    const notMine = await kit.injectAs("otherCustomer", {
      method: "DELETE",
      url: "/api/customer/push/subscriptions",
      payload: { endpoint: browser.json.endpoint },
    });
    expect(notMine.statusCode).toBe(204);
    expect(await keysOf()).toHaveLength(1);
    const mine = await kit.injectAs("customer", {
      method: "DELETE",
      url: "/api/customer/push/subscriptions",
      payload: { endpoint: browser.json.endpoint },
    });
    expect(mine.statusCode).toBe(204);
    expect(await keysOf()).toEqual([]);
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

describe("push endpoints in production's rules (no local push service)", () => {
  let strict: TestApp;
  let strictKit: ApiKit;
  beforeAll(async () => {
    // 127.0.0.1 is named as a push service on purpose: a private address stays refused even then.
    strict = await createTestApp({
      env: { PUSH_SERVICE_HOSTS: "push.example.net, *.corp.example, 127.0.0.1" },
    });
    strictKit = apiKitOf(strict);
  });
  afterAll(async () => strict.close());

  const strictSubscribe = (endpoint: string) =>
    strictKit.injectAs("customer", {
      method: "POST",
      url: "/api/customer/push/subscriptions",
      payload: browserSubscription(endpoint).json,
    });
  const storedEndpoints = async () =>
    (await strict.db.$client.query<{ endpoint: string }>("SELECT endpoint FROM push_subscriptions")).rows.map(
      (row) => row.endpoint,
    );

  it("refuses every spelling of a private, loopback, link-local, shared or metadata address, and stores nothing", async () => {
    const spellings = [
      "https://127.0.0.1/push",
      "https://127.0.0.1:8443/push",
      "https://127.1/push",
      "https://2130706433/push",
      "https://0x7f.1/push",
      "https://0x7f000001/push",
      "https://0177.0.0.1/push",
      "https://localhost/push",
      "https://LOCALHOST./push",
      "https://push.localhost/push",
      "https://0.0.0.0/push",
      "https://0/push",
      "https://[::1]/push",
      "https://[::]/push",
      "https://[::ffff:127.0.0.1]/push",
      "https://[::ffff:7f00:1]/push",
      "https://[0:0:0:0:0:ffff:7f00:1]/push",
      "https://[::127.0.0.1]/push",
      "https://10.0.0.5/push",
      "https://012.0.0.5/push",
      "https://172.16.3.4/push",
      "https://192.168.1.10/push",
      "https://100.64.0.1/push",
      "https://169.254.169.254/latest/meta-data/",
      "https://0xa9fea9fe/latest/meta-data/",
      "https://[::ffff:169.254.169.254]/latest/meta-data/",
      "https://[64:ff9b::a9fe:a9fe]/latest/meta-data/",
      "https://168.63.129.16/machine",
      "https://100.100.100.200/latest/meta-data/",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://printer.local/push",
      "https://[fe80::1]/push",
      "https://[fd00:ec2::254]/latest/meta-data/",
      "https://[fc00::1]/push",
      "https://fcm.googleapis.com@127.0.0.1/push",
      "http://127.0.0.1/push",
    ];
    const wrong: string[] = [];
    for (const endpoint of spellings) {
      const response = await strictSubscribe(endpoint);
      const body = response.json<{ code: string; message: string }>();
      if (response.statusCode !== 400 || body.message !== pushMessages.privateAddress) {
        wrong.push(`${endpoint}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(wrong).toEqual([]);
    const refused = await strictSubscribe("https://[::1]/push");
    expect(refused.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: pushMessages.privateAddress,
      fields: { endpoint: pushMessages.privateAddress },
    });
    expect(await storedEndpoints()).toEqual([]);
  });

  it("accepts only the browsers' push services and PUSH_SERVICE_HOSTS's, over https", async () => {
    for (const endpoint of [
      "https://example.com/fcm/send/abc",
      "https://fcm.googleapis.com.attacker.example/fcm/send/abc",
      "https://evilfcm.googleapis.com/fcm/send/abc",
      "https://push.apple.com/abc",
      "https://notify.windows.com/w/?token=abc",
      "https://corp.example/abc",
      "http://fcm.googleapis.com/fcm/send/abc",
    ]) {
      const response = await strictSubscribe(endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json<{ message: string }>().message, endpoint).toBe(pushMessages.notPushService);
    }
    expect(await storedEndpoints()).toEqual([]);

    const accepted = [
      "https://fcm.googleapis.com/fcm/send/cX1-chrome",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA-firefox",
      "https://web.push.apple.com/QGx-safari",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD-edge",
      "https://push.example.net/added-by-setting",
      "https://eu.corp.example/added-by-wildcard",
    ];
    for (const endpoint of accepted) {
      const response = await strictSubscribe(endpoint);
      expect(response.statusCode, `${endpoint}: ${response.body}`).toBe(204);
    }
    expect((await storedEndpoints()).sort()).toEqual([...accepted].sort());
  });

  it("at send time, does not contact a push service's name that resolves to a private address", async () => {
    // Anything that connects here is counted, then cut.
    let connections = 0;
    const target = createTcpServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const { port } = target.address() as AddressInfo;
    try {
      const customerOfStrict = await strictKit.actor("customer");
      await strict.db.$client.query("DELETE FROM push_subscriptions");
      const endpoint = `https://fcm.googleapis.com:${port}/fcm/send/dns-${randomBytes(3).toString("hex")}`;
      expect((await strictSubscribe(endpoint)).statusCode).toBe(204);
      const payload: PushPayload = { title: "Réservé pour vous", body: "Robe", url: "/", tag: "t" };

      for (const answer of [
        { address: "127.0.0.1", family: 4 },
        { address: "::ffff:127.0.0.1", family: 6 },
      ]) {
        // The name pointed inside, as a tampered resolver or a rebinding attack would.
        const resolveHost = async () => [answer];
        const sender = (pushAllowPrivateAddresses: boolean) =>
          createPushSender({
            db: strict.db,
            config: { ...strict.config, pushAllowPrivateAddresses },
            log: () => () => {},
            resolveHost,
          });
        // Each send fails (nothing answers): the subscription must not reach its failure limit.
        const resetFailures = () => strict.db.$client.query("UPDATE push_subscriptions SET failures = 0");
        // Allowed a private address (tests only), the sender does go where the name points...
        const before = connections;
        await resetFailures();
        await sender(true).send(customerOfStrict.userId, payload, 60);
        expect(connections, answer.address).toBe(before + 1);
        // ...and in production's rules it connects nowhere.
        await resetFailures();
        await sender(false).send(customerOfStrict.userId, payload, 60);
        expect(connections, answer.address).toBe(before + 1);
        expect(await storedEndpoints()).toEqual([endpoint]);
      }
    } finally {
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }
  });

  it("drops a stored endpoint the rules now refuse without contacting it", async () => {
    const customerOfStrict = await strictKit.actor("customer");
    const path = `/stored-before-${randomBytes(3).toString("hex")}`;
    // A row from before the rules, at this machine's push service.
    await strict.db.$client.query(
      "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)",
      [customerOfStrict.userId, `${pushService.origin}${path}`, "B".repeat(87), "A".repeat(22)],
    );
    const payload: PushPayload = { title: "Réservé pour vous", body: "Robe", url: "/", tag: "t" };
    await createPushSender({ db: strict.db, config: strict.config, log: () => () => {} }).send(
      customerOfStrict.userId,
      payload,
      60,
    );
    expect(pushService.received.filter((request) => request.path === path)).toEqual([]);
    expect(await storedEndpoints()).not.toContain(`${pushService.origin}${path}`);
  });
});
