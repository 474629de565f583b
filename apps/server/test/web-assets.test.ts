import { copyFileSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCustomer } from "./support/actors";
import { createTestApp, type TestApp } from "./support/test-app";

const script = `console.log(${JSON.stringify("Vitrine ".repeat(400))});`;
const page = `<!doctype html><html lang="fr"><head><title>Vitrine</title><link rel="preload" href="/api/auth/session" as="fetch" crossorigin /></head><body>${"<div></div>".repeat(200)}</body></html>`;

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
  // Vite copies the public folder to the build's root as it is.
  copyFileSync(new URL("../../web/public/sw.js", import.meta.url), path.join(dir, "sw.js"));
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
    for (const url of ["/", "/customer/profile", "/customer/orders"]) {
      const response = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toMatch(/\bno-cache\b/);
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.headers["content-encoding"], url).toBe("br");
    }
  });

  it("writes the API answers of /login and the orders list into those pages, and nowhere else", async () => {
    const answersOf = (html: string): unknown => {
      const json = html.match(
        /<script type="application\/json" id="vitrine-api-answers">(.*?)<\/script>/,
      )?.[1];
      return json === undefined ? undefined : JSON.parse(json);
    };
    const sessionPreload = '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin';
    for (const url of ["/customer/orders", "/customer", "/customer/orders/"]) {
      for (const encoding of ["br", "gzip", "identity"]) {
        const response = await t.app.inject({ url, headers: { "accept-encoding": encoding } });
        expect(response.statusCode, url).toBe(200);
        // The page carries the visitor's own answers: no shared cache may keep it.
        expect(response.headers["cache-control"], url).toBe("private, no-cache");
        expect(response.headers["content-encoding"], `${url} ${encoding}`).toBe(
          encoding === "identity" ? undefined : encoding,
        );
        const html =
          encoding === "br"
            ? brotliDecompressSync(response.rawPayload).toString()
            : encoding === "gzip"
              ? gunzipSync(response.rawPayload).toString()
              : response.body;
        // Anonymous here: each answer is what the app's own fetch would have received.
        const answers = answersOf(html) as Record<string, { status: number }>;
        expect(Object.keys(answers).sort(), url).toEqual([
          "/api/auth/session",
          "/api/customer/orders",
          "/api/shop",
        ]);
        for (const [api, answer] of Object.entries(answers)) {
          const direct = await t.app.inject({ url: api });
          expect(answer, api).toEqual({ status: direct.statusCode, body: direct.json() });
        }
        expect(html, url).not.toContain(sessionPreload);
        expect(html, url).toContain("<div></div>");
      }
    }
    const login = await t.app.inject({ url: "/login", headers: { "accept-encoding": "identity" } });
    expect(Object.keys(answersOf(login.body) as object)).toEqual(["/api/auth/session"]);
    for (const url of ["/", "/customer/order/1", "/customer/profile"]) {
      const response = await t.app.inject({ url, headers: { "accept-encoding": "identity" } });
      expect(answersOf(response.body), url).toBeUndefined();
      expect(response.body, url).toContain(sessionPreload);
    }
  });

  it("writes a signed-in customer's own session and orders into the orders page", async () => {
    const cookie = await signUpCustomer(t, "page_answers", "page.answers@example.com");
    const response = await t.app.inject({ url: "/customer/orders", headers: { cookie } });
    const json = response.body.match(
      /<script type="application\/json" id="vitrine-api-answers">(.*?)<\/script>/,
    )?.[1];
    const answers = JSON.parse(json ?? "{}") as Record<string, unknown>;
    for (const api of ["/api/auth/session", "/api/customer/orders", "/api/shop"]) {
      const direct = await t.app.inject({ url: api, headers: { cookie } });
      expect(direct.statusCode, api).toBe(200);
      expect(answers[api], api).toEqual({ status: 200, body: direct.json() });
    }
    expect(response.headers.vary).toMatch(/cookie/);
  });

  it("serves the push service worker from the root, as a script checked on every visit, which the CSP allows", async () => {
    const response = await t.app.inject({ url: "/sw.js", headers: { "accept-encoding": "identity" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    // A stale worker would show old notices: the browser asks again each time.
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain('addEventListener("push"');
    expect(response.body).toContain('addEventListener("notificationclick"');
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/worker-src/);
  });
});
