import { describe, expect, it } from "vitest";
import { createSessionCache } from "./session-cache";
import { decodeSessionChange } from "./session-change-listener";

const HOUR = 3_600_000;

function setUp(options: { maxAgeMs?: number; maxEntries?: number } = {}) {
  let clock = Date.parse("2026-11-24T10:00:00Z");
  const cache = createSessionCache<{ id: string; authUserId: string; expiresAt: Date; name: string }>({
    maxAgeMs: options.maxAgeMs ?? 60_000,
    maxEntries: options.maxEntries ?? 100,
    now: () => clock,
  });
  cache.enable();
  const session = (id: string, authUserId = `auth-${id}`, name = id) => ({
    id,
    authUserId,
    expiresAt: new Date(clock + HOUR),
    name,
  });
  return { cache, session, advance: (ms: number) => (clock += ms) };
}

describe("the session cache", () => {
  it("serves a stored read for the same cookie value, and nothing for another", () => {
    const { cache, session } = setUp();
    cache.store("cookie-a", session("a"), cache.ticket());
    expect(cache.get("cookie-a")?.id).toBe("a");
    expect(cache.get("cookie-b")).toBeUndefined();
  });

  it("does not keep a read that began before a change was heard of (the database may have answered with the old row)", () => {
    const { cache, session } = setUp();
    const ticket = cache.ticket();
    cache.forgetAuthUser("someone-else");
    cache.store("cookie-a", session("a"), ticket);
    expect(cache.get("cookie-a")).toBeUndefined();
    cache.store("cookie-a", session("a"), cache.ticket());
    expect(cache.get("cookie-a")?.id).toBe("a");
  });

  it("forgets a session by its id, and every session of a person by their identity", () => {
    const { cache, session } = setUp();
    cache.store("phone", session("s1", "ana"), cache.ticket());
    cache.store("laptop", session("s2", "ana"), cache.ticket());
    cache.store("other", session("s3", "bob"), cache.ticket());
    cache.forgetSession("s1");
    expect(cache.get("phone")).toBeUndefined();
    expect(cache.get("laptop")?.id).toBe("s2");
    cache.forgetAuthUser("ana");
    expect(cache.get("laptop")).toBeUndefined();
    expect(cache.get("other")?.id).toBe("s3");
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("never serves a session past its expiry, nor a read older than the longest reuse", () => {
    const { cache, session, advance } = setUp({ maxAgeMs: 60_000 });
    cache.store("short", { ...session("s1"), expiresAt: new Date(Date.parse("2026-11-24T10:00:30Z")) }, 0);
    cache.store("long", session("s2"), cache.ticket());
    advance(30_000);
    expect(cache.get("short")).toBeUndefined();
    expect(cache.get("long")?.id).toBe("s2");
    advance(30_000);
    expect(cache.get("long")).toBeUndefined();
  });

  it("holds at most its number of entries, forgetting the oldest reads first", () => {
    const { cache, session } = setUp({ maxEntries: 2 });
    for (const id of ["a", "b", "c"]) cache.store(`cookie-${id}`, session(id), cache.ticket());
    expect(cache.size).toBe(2);
    expect(cache.get("cookie-a")).toBeUndefined();
    expect(cache.get("cookie-c")?.id).toBe("c");
  });

  it("serves and keeps nothing while disabled (changes unheard), and starts empty when enabled again", () => {
    const { cache, session } = setUp();
    cache.store("cookie-a", session("a"), cache.ticket());
    cache.disable();
    expect(cache.get("cookie-a")).toBeUndefined();
    cache.store("cookie-b", session("b"), cache.ticket());
    expect(cache.size).toBe(0);
    cache.enable();
    expect(cache.get("cookie-a")).toBeUndefined();
    cache.store("cookie-b", session("b"), cache.ticket());
    expect(cache.get("cookie-b")?.id).toBe("b");
  });

  it("re-indexes a session stored again under the same cookie value", () => {
    const { cache, session } = setUp();
    cache.store("cookie-a", session("a", "ana", "Ana"), cache.ticket());
    cache.store("cookie-a", session("a", "ana", "Anna"), cache.ticket());
    expect(cache.get("cookie-a")?.name).toBe("Anna");
    cache.forgetAuthUser("ana");
    expect(cache.get("cookie-a")).toBeUndefined();
  });
});

describe("session change notifications", () => {
  it("read the triggers' payloads, and nothing else", () => {
    expect(decodeSessionChange("s:abc")).toEqual({ kind: "session", sessionId: "abc" });
    expect(decodeSessionChange("u:xyz")).toEqual({ kind: "auth-user", authUserId: "xyz" });
    expect(decodeSessionChange("*")).toEqual({ kind: "all" });
    expect(decodeSessionChange("s:")).toBeNull();
    expect(decodeSessionChange("x:abc")).toBeNull();
    expect(decodeSessionChange(undefined)).toBeNull();
  });
});
