import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

const script = `console.log(${JSON.stringify("Vitrine ".repeat(400))});`;
const page = `<!doctype html><html lang="fr"><head><title>Vitrine</title></head><body>${"<div></div>".repeat(200)}</body></html>`;

/** A built web app as Vite and its compression plugin leave it. */
function writeBuiltWebApp(dir: string) {
  mkdirSync(path.join(dir, "assets"));
  for (const [file, text] of [
    ["index.html", page],
    ["assets/entry-Ab12Cd34.js", script],
  ] as const) {
    writeFileSync(path.join(dir, file), text);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  }
}

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "vitrine-dist-"));
  writeBuiltWebApp(dist);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the built web app's files", () => {
  it("sends a hashed asset compressed as the browser asks, cached for a year as immutable", async () => {
    for (const [accepted, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const response = await t.app.inject({
        url: "/assets/entry-Ab12Cd34.js",
        headers: { "accept-encoding": accepted },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers["content-type"]).toMatch(/javascript/);
      expect(response.rawPayload.length).toBeLessThan(script.length / 5);
    }
  });

  it("sends the plain file to a client that accepts no compression", async () => {
    const response = await t.app.inject({
      url: "/assets/entry-Ab12Cd34.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it("asks browsers to check index.html on every visit, at / and on client-side routes", async () => {
    for (const url of ["/", "/customer/orders"]) {
      const response = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.headers["content-encoding"], url).toBe("br");
    }
  });

  it("announces the orders list's API answers in the page that shows them, and nowhere else", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)].map((m) => m[1]);
    for (const url of ["/customer/orders", "/customer", "/customer/orders/"]) {
      for (const encoding of ["br", "gzip", "identity"]) {
        const response = await t.app.inject({ url, headers: { "accept-encoding": encoding } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["cache-control"], url).toBe("no-cache");
        expect(response.headers["content-encoding"], `${url} ${encoding}`).toBe(
          encoding === "identity" ? undefined : encoding,
        );
        const html =
          encoding === "br"
            ? brotliDecompressSync(response.rawPayload).toString()
            : encoding === "gzip"
              ? gunzipSync(response.rawPayload).toString()
              : response.body;
        expect(preloads(html), `${url} ${encoding}`).toEqual(["/api/customer/orders", "/api/shop"]);
        expect(html, url).toContain("<div></div>");
      }
    }
    for (const url of ["/", "/login", "/customer/order/1", "/customer/profile"]) {
      const response = await t.app.inject({ url, headers: { "accept-encoding": "identity" } });
      expect(preloads(response.body), url).toEqual([]);
    }
  });
});
