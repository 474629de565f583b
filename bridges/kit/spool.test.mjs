import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSpool, spoolFolder } from "./spool.mjs";

const folders = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const freshFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "vitrine-spool-"));
  folders.push(folder);
  return folder;
};

const event = (n) => ({
  type: "chat",
  msgId: `m${n}`,
  createTime: 1_700_000_000_000 + n,
  tiktokUserId: null,
  uniqueId: "lea",
  nickname: null,
  avatarUrl: null,
  comment: `je prends le ${n}`,
  payload: {},
});

describe("the spool on disk", () => {
  it("gives back after a restart what was appended, in order, skipping a torn last line", () => {
    const folder = freshFolder();
    const spool = openSpool(folder);
    const segments = [1, 2, 3].map((n) => spool.append(event(n)));
    // Written as appended (a process killed now loses none), fsync'd once for the batch at sync.
    expect(readFileSync(spool.files()[0], "utf8").trim().split("\n")).toHaveLength(3);
    expect(spool.unsynced).toBe(3);
    spool.sync();
    expect(spool.unsynced).toBe(0);
    // A crash in the middle of the next write.
    appendFileSync(spool.files()[0], '{"type":"chat","msgId":"m4","comm');
    const logs = [];
    const again = openSpool(folder, { log: (line) => logs.push(line) });
    expect(again.pending.map((p) => p.event.msgId)).toEqual(["m1", "m2", "m3"]);
    expect(again.pending.map((p) => p.segment)).toEqual(segments);
    expect(logs.join()).toContain("1 unreadable line(s) skipped");
    // New appends go to a new segment, never after the torn line.
    const next = again.append(event(5));
    again.sync();
    expect(next).toBe(segments[0] + 1);
    expect(openSpool(folder).pending.map((p) => p.event.msgId)).toEqual(["m1", "m2", "m3", "m5"]);
  });

  it("removes a segment once all its events are acknowledged, and empties itself at the end", () => {
    const folder = freshFolder();
    const spool = openSpool(folder, { segmentEvents: 2 });
    const segments = [1, 2, 3, 4, 5].map((n) => spool.append(event(n)));
    spool.sync();
    expect(segments).toEqual([1, 1, 2, 2, 3]);
    expect(readdirSync(folder)).toHaveLength(3);
    spool.acknowledge(1, 2);
    expect(readdirSync(folder).sort()).toEqual(["segment-000002.jsonl", "segment-000003.jsonl"]);
    expect(openSpool(folder).pending.map((p) => p.event.msgId)).toEqual(["m3", "m4", "m5"]);
    spool.acknowledge(2, 2);
    spool.acknowledge(3);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("keeps one folder per live", () => {
    expect(spoolFolder("/var/spool/vitrine", "L12")).toBe(path.join("/var/spool/vitrine", "L12"));
    expect(spoolFolder("/s", "../x")).toBe(path.join("/s", "..%2Fx"));
    expect(spoolFolder("/s", "L12", "tiktok")).toBe(path.join("/s", "L12"));
    expect(spoolFolder("/s", "L12", "youtube")).toBe(path.join("/s", "L12", "youtube"));
  });
});
