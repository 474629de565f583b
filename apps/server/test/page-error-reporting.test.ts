import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

const DSN = "https://publickey@o42.ingest.example.io/7";
const page = `<!doctype html><html lang="fr"><head><title>Vitrine</title></head><body>${"<div></div>".repeat(200)}</body></html>`;

let dist: string;
let withDsn: TestApp;
let withoutDsn: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "vitrine-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), page);
  writeFileSync(path.join(dist, "index.html.br"), brotliCompressSync(page));
  writeFileSync(path.join(dist, "index.html.gz"), gzipSync(page));
  [withDsn, withoutDsn] = await Promise.all([
    createTestApp({ env: { WEB_DIST_DIR: dist, VITE_SENTRY_DSN: DSN } }),
    createTestApp({ env: { WEB_DIST_DIR: dist } }),
  ]);
});
afterAll(async () => {
  await Promise.all([withDsn.close(), withoutDsn.close()]);
  rmSync(dist, { recursive: true, force: true });
});

function htmlOf(response: LightMyRequestResponse): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload).toString("utf8");
  if (encoding === "gzip") return gunzipSync(response.rawPayload).toString("utf8");
  return response.body;
}

const settingsOf = (html: string): unknown => {
  const json = html.match(
    /<script type="application\/json" id="vitrine-error-reporting">(.*?)<\/script>/,
  )?.[1];
  return json === undefined ? undefined : JSON.parse(json);
};

const directive = (response: LightMyRequestResponse, name: string) =>
  String(response.headers["content-security-policy"])
    .split(";")
    .map((entry) => entry.trim())
    .find((entry) => entry.startsWith(`${name} `));

describe("the pages' error reporting (VITE_SENTRY_DSN, read at run time)", () => {
  it("is written into every page the server sends, in each encoding, with the environment's name", async () => {
    for (const url of ["/", "/login", "/customer/profile", "/customer/orders"]) {
      for (const encoding of ["br", "gzip", "identity"]) {
        const response = await withDsn.app.inject({ url, headers: { "accept-encoding": encoding } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["content-type"], url).toMatch(/text\/html/);
        expect(settingsOf(htmlOf(response)), `${url} ${encoding}`).toEqual({ dsn: DSN, environment: "test" });
      }
    }
  });

  it("lets the page reach Sentry's host, and no other", async () => {
    const response = await withDsn.app.inject({ url: "/" });
    expect(directive(response, "connect-src")).toBe("connect-src 'self' https://o42.ingest.example.io");
  });

  it("is absent without a DSN: no settings in the page, no other host allowed", async () => {
    for (const url of ["/", "/login"]) {
      const response = await withoutDsn.app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(settingsOf(htmlOf(response)), url).toBeUndefined();
      expect(directive(response, "connect-src"), url).toBe("connect-src 'self'");
    }
  });
});
