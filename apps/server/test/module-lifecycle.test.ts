import { describe, expect, it } from "vitest";
import { createSilentLiveHub, type LiveHub } from "../src/realtime/live-hub";
import { shutDown } from "../src/shutdown";
import { createTestApp } from "./support/test-app";

/** The silent hub, writing down who starts and stops listening to it. */
function recordingHub(events: string[]): LiveHub {
  const hub = createSilentLiveHub();
  return {
    ...hub,
    subscribe: (listener) => {
      events.push("listening");
      return hub.subscribe(listener);
    },
    unsubscribe: (listener) => {
      events.push("no longer listening");
      hub.unsubscribe(listener);
    },
  };
}

describe("the claims engine in the app's life", () => {
  it("starts with the app and stops on shutdown, after the requests and before the pool closes", async () => {
    const events: string[] = [];
    const t = await createTestApp({ liveHub: recordingHub(events) });
    // The engine listens once the app is ready (the customer live page's listener is there too).
    expect(events.filter((event) => event === "listening").length).toBeGreaterThanOrEqual(1);
    expect(events).not.toContain("no longer listening");

    await shutDown({
      app: t.app,
      log: () => {},
      afterDrain: [
        async () => {
          events.push("pool closed");
          await t.db.$client.end();
        },
      ],
    });
    expect(events.slice(-2)).toEqual(["no longer listening", "pool closed"]);
  });
});
