import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { expect } from "@playwright/test";
import {
  isErrorEvent,
  startSentrySink,
  type EnvelopeItem,
  type SentrySink,
} from "../apps/server/test/support/sentry-sink";
import { deliveryAddress } from "./support/customer-area";
import { test } from "./support/fixtures";
import { appDataAccess } from "./support/server";

/**
 * The pages' error reporting, on a server of its own started with the DSNs pointing at a local
 * stand-in for Sentry: the shared server of the other journeys has none, so their errors go nowhere.
 */

const FORM_TOKEN = "f0rmT0k3nSecretValue0123456789";

let sink: SentrySink;
let server: ChildProcess | undefined;
let baseUrl: string;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

test.beforeAll(async () => {
  sink = await startSentrySink();
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  const access = appDataAccess();
  let output = "";
  // The same database and cookie secret as the shared server: the fixtures' sign-ins work here too.
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseUrl,
      DATABASE_URL: access.databaseUrl,
      AUTH_SECRET: access.authSecret,
      SEED_DEMO: "false",
      SENTRY_DSN: sink.dsn,
      VITE_SENTRY_DSN: sink.dsn,
    },
    stdio: "pipe",
  });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        return fetch(`${baseUrl}/api/auth/session`).then(
          (response) => response.ok,
          () => false,
        );
      },
      { timeout: 60_000 },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await sink?.close();
});

const payloadOf = (item: EnvelopeItem) =>
  item.payload as {
    environment?: string;
    exception?: { values?: { type?: string; value?: string; mechanism?: { type?: string } }[] };
    request?: { url?: string };
  };

test("a page that crashes shows the French error page and reaches Sentry with its replay, without cookie, token, address or e-mail", async ({
  customer,
  createOrder,
  customerPage: page,
}) => {
  const order = await createOrder(customer, { status: "to-pay", shippingAddress: deliveryAddress });
  // The order comes back with a date the page cannot show: its rendering throws.
  await page.route(`**/api/customer/orders/${order.id}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { order: Record<string, unknown> };
    await route.fulfill({ response, json: { order: { ...body.order, orderDate: "pas une date" } } });
  });

  await page.goto(`${baseUrl}/customer/order/${order.id}?formToken=${FORM_TOKEN}`);
  await expect(page.getByRole("heading", { name: "Une erreur inattendue est survenue" })).toBeVisible();

  // Reported by the route's error boundary, with the components it happened in (a linked error).
  const crash = payloadOf(
    await sink.waitForItem(
      (item) =>
        isErrorEvent(item) &&
        (payloadOf(item).exception?.values ?? []).some((value) => value.type === "RangeError") &&
        (payloadOf(item).exception?.values ?? []).some(
          (value) => value.type === "React ErrorBoundary RangeError",
        ),
      20_000,
    ),
  );
  expect(crash.environment).toBe("test");
  // The page where it happened, its query string left out.
  expect(crash.request?.url).toBe(`${baseUrl}/customer/order/${order.id}`);
  // Every visit that ends in an error sends its replay (the spec's 100 % on error).
  await sink.waitForItem((item) => item.header.type === "replay_recording", 20_000);

  const [sessionCookie] = await page.context().cookies();
  expect(sessionCookie?.value.length).toBeGreaterThan(20);
  const received = sink.envelopes.map((envelope) => envelope.raw).join("\n");
  const replays = sink.envelopes
    .flatMap((envelope) => envelope.items)
    .filter((item) => item.header.type === "replay_recording")
    .map((item) => item.raw)
    .join("\n");
  for (const secret of [
    sessionCookie?.value ?? "",
    decodeURIComponent(sessionCookie?.value ?? ""),
    FORM_TOKEN,
    deliveryAddress.street,
    customer.email,
  ]) {
    expect(received).not.toContain(secret);
    expect(replays).not.toContain(secret);
  }
});

test("an error no code catches, in a page, reaches Sentry", async ({ page }) => {
  await page.goto(`${baseUrl}/contact`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The SDK is fetched once the page has loaded: an error thrown before or after it is reported.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("uncaught in a page for the error reporting journey");
    });
  });
  const event = payloadOf(
    await sink.waitForItem(
      (item) => isErrorEvent(item) && item.raw.includes("uncaught in a page for the error reporting journey"),
      20_000,
    ),
  );
  expect(event.request?.url).toBe(`${baseUrl}/contact`);
});
