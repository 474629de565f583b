import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let direct: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  [direct, behindProxy] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { TRUST_PROXY: "true" } }),
  ]);
});
afterAll(async () => Promise.all([direct.close(), behindProxy.close()]));

const requestIdOf = async (t: TestApp, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: "GET", url: "/api/shop", headers })).headers["x-request-id"];

describe("request ids", () => {
  it("gives every request its own UUID, sent back in X-Request-Id", async () => {
    const first = await requestIdOf(direct);
    const second = await requestIdOf(direct);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(first).not.toBe(second);
  });

  it("ignores the caller's X-Request-Id when no proxy is trusted", async () => {
    expect(await requestIdOf(direct, { "x-request-id": "forged-id" })).toMatch(UUID);
  });

  it("keeps the X-Request-Id of a trusted proxy, unless it does not look like an id", async () => {
    expect(await requestIdOf(behindProxy, { "x-request-id": "edge-7f3a.42" })).toBe("edge-7f3a.42");
    expect(await requestIdOf(behindProxy, { "x-request-id": "two words\nand a newline" })).toMatch(UUID);
    expect(await requestIdOf(behindProxy, { "x-request-id": "x".repeat(200) })).toMatch(UUID);
  });

  it("is on error answers too", async () => {
    const response = await direct.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["x-request-id"]).toMatch(UUID);
  });
});
