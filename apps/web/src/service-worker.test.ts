/// <reference types="node" />
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";

const SOURCE = readFileSync(new URL("../public/sw.js", import.meta.url), "utf8");
const ORIGIN = "https://boutique.example";

interface FakeClient {
  url: string;
  focus: () => Promise<void>;
}

/** The worker's script run in a global scope of its own, as the browser runs it, with fakes of what it calls. */
function loadWorker(openWindows: FakeClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => {}) },
    clients: {
      matchAll: vi.fn(async () => openWindows),
      openWindow: vi.fn(async () => null),
    },
  };
  runInNewContext(SOURCE, { self, URL });
  /** Dispatches an event and waits for what it asked the browser to wait for. */
  async function dispatch(type: string, event: object) {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
    await waited;
  }
  return { self, dispatch };
}

const pushed = (payload: unknown) => ({ data: { json: () => payload } });
const clicked = (url: string) => ({ notification: { data: { url }, close: vi.fn() } });

describe("the push service worker", () => {
  it("shows a pushed notice with its title, text, tag and page", async () => {
    const { self, dispatch } = loadWorker();
    await dispatch(
      "push",
      pushed({
        title: "Réservé pour vous",
        body: "Robe (n°12)",
        url: `${ORIGIN}/customer/order/1`,
        tag: "claim-reserved:1",
      }),
    );
    expect(self.registration.showNotification).toHaveBeenCalledWith("Réservé pour vous", {
      body: "Robe (n°12)",
      tag: "claim-reserved:1",
      lang: "fr",
      data: { url: `${ORIGIN}/customer/order/1` },
    });
  });

  it("shows nothing for a push that is not a notice", async () => {
    const { self, dispatch } = loadWorker();
    await dispatch("push", {
      data: {
        json: () => {
          throw new SyntaxError("not JSON");
        },
      },
    });
    await dispatch("push", pushed({ body: "sans titre" }));
    expect(self.registration.showNotification).not.toHaveBeenCalled();
  });

  it("on a click, focuses the order's page when it is open, else opens it", async () => {
    const open = { url: `${ORIGIN}/customer/order/1`, focus: vi.fn(async () => {}) };
    const withPage = loadWorker([open]);
    await withPage.dispatch("notificationclick", clicked(`${ORIGIN}/customer/order/1`));
    expect(open.focus).toHaveBeenCalled();
    expect(withPage.self.clients.openWindow).not.toHaveBeenCalled();

    const without = loadWorker([]);
    await without.dispatch("notificationclick", clicked(`${ORIGIN}/customer/order/2`));
    expect(without.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/customer/order/2`);
  });

  it("opens only the shop's own pages", async () => {
    const { self, dispatch } = loadWorker();
    await dispatch("notificationclick", clicked("https://ailleurs.example/piege"));
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
