import Fastify, { type FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { errorText } from "./lib/error-text";
import { eventually } from "../test/support/eventually";
import { shutDown } from "./shutdown";

/**
 * A listening server whose `/held` route answers once the test lets it: `arrived` resolves when a
 * request is inside the handler, `release` lets every held request answer.
 */
async function heldServer() {
  const app = Fastify({ logger: false });
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get("/held", async () => {
    arrive();
    await released;
    return { done: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, arrived, release };
}

const outcome = (request: Promise<Response>) =>
  request.then(
    async (response) => `${response.status} ${await response.text()}`,
    (error: unknown) => `failed: ${errorText(error)}`,
  );

let servers: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(servers.map((app) => app.close()));
  servers = [];
});

describe("shutDown", () => {
  it("lets an in-flight request finish, refuses new connections, then runs the closing steps", async () => {
    const { app, url, arrived, release } = await heldServer();
    servers.push(app);
    const events: string[] = [];
    const inFlight = outcome(fetch(`${url}/held`)).then((result) => {
      events.push("request answered");
      return result;
    });
    await arrived;

    const stopped = shutDown({
      app,
      afterDrain: [() => void events.push("database closed")],
      log: () => {},
      drainTimeoutMs: 5_000,
    });
    // The close stops the listener while the request is still held.
    await eventually(() => !app.server.listening);
    expect(await outcome(fetch(`${url}/held`))).toMatch(/^failed/);
    expect(events).toEqual([]);
    release();
    await stopped;

    expect(await inFlight).toBe('200 {"done":true}');
    expect(events).toEqual(["request answered", "database closed"]);
  });

  it("cuts a request that outlives the drain timeout, and still closes", async () => {
    const { app, url, arrived, release } = await heldServer();
    servers.push(app);
    const messages: string[] = [];
    const stuck = outcome(fetch(`${url}/held`));
    await arrived;

    const started = performance.now();
    let closed = false;
    await shutDown({
      app,
      afterDrain: [() => void (closed = true)],
      log: (message) => messages.push(message),
      drainTimeoutMs: 300,
    });

    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await stuck).toMatch(/^failed/);
    expect(closed).toBe(true);
    expect(messages[0]).toBe("Requests still running after 300 ms: closing their connections.");
    release();
  });
});
