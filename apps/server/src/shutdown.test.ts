import Fastify, { type FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { errorText } from "./lib/error-text";
import { shutDown } from "./shutdown";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A listening server with a route that answers after `?ms=` milliseconds. */
async function slowServer(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { ms: string } }>("/slow", async (request) => {
    await sleep(Number(request.query.ms));
    return { done: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
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
    const { app, url } = await slowServer();
    servers.push(app);
    const events: string[] = [];
    const inFlight = outcome(fetch(`${url}/slow?ms=400`)).then((result) => {
      events.push("request answered");
      return result;
    });
    await sleep(50);

    const stopped = shutDown({
      app,
      afterDrain: [() => void events.push("database closed")],
      log: () => {},
      drainTimeoutMs: 5_000,
    });
    await sleep(50);
    expect(await outcome(fetch(`${url}/slow?ms=0`))).toMatch(/^failed/);
    await stopped;

    expect(await inFlight).toBe('200 {"done":true}');
    expect(events).toEqual(["request answered", "database closed"]);
  });

  it("cuts a request that outlives the drain timeout, and still closes", async () => {
    const { app, url } = await slowServer();
    servers.push(app);
    const messages: string[] = [];
    const stuck = outcome(fetch(`${url}/slow?ms=5000`));
    await sleep(50);

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
  });
});
