/**
 * A stand-in for tiktok-live-connector's TikTokLiveConnection that the TikTok bridge loads with
 * `--connector` during `live:soak --faults`: it plays the soak's comment stream (the simulator's
 * mix of claims, un-claims and doubts) by the wall clock, so a bridge killed and started again
 * picks the live up where it is now, as it would on TikTok. It also plays what the real connector
 * does to its users: it drops the connection during the planned cuts (and refuses to connect
 * until each ends), and on every connection it emits the room's recent comments again (the
 * connector's initial data).
 *
 * Every comment the bridge's listener returned from is appended to `handedFile`: what the bridge
 * received, which the soak compares with what the server stored.
 *
 * Configured by the VITRINE_SOAK_CONNECTOR variable (JSON): { startAt (epoch ms), seconds, rate,
 * burst, viewers, viewerSeed, seed, runId, refs, claimShare, cuts: [{ at, seconds }],
 * initialData, handedFile }.
 */
import { EventEmitter } from "node:events";
import { closeSync, openSync, writeSync } from "node:fs";
import { connectorEvent } from "../../bridges/tiktok/fixtures/connector-events.mjs";
import { createCommentStream, createViewers } from "./comment-stream.mjs";
import { commentsDue } from "./simulate.mjs";

const plan = JSON.parse(process.env.VITRINE_SOAK_CONNECTOR ?? "{}");
const TICK_MS = 10;

/** The cut under way at `elapsed` seconds into the soak, if any. */
export function cutAt(cuts, elapsed) {
  return cuts.find((cut) => elapsed >= cut.at && elapsed < cut.at + cut.seconds) ?? null;
}

/** The connector event of one of the stream's chat comments, as TikTok would hand it. */
function asConnectorChat(event) {
  return connectorEvent("chat", {
    msgId: event.msgId,
    createTime: Date.now(),
    userId: event.tiktokUserId,
    handle: event.uniqueId,
    nickname: event.nickname,
    avatarUrl: event.avatarUrl,
    content: event.comment ?? "",
  });
}

export class TikTokLiveConnection extends EventEmitter {
  constructor(handle) {
    super();
    this.handle = handle;
    this.timer = null;
    this.stream = createCommentStream({
      viewers: createViewers(plan.viewers, plan.viewerSeed),
      refs: plan.refs,
      seed: plan.seed,
      runId: plan.runId,
      claimShare: plan.claimShare,
    });
    this.generated = 0;
    this.recent = [];
    this.handed = openSync(plan.handedFile, "a");
  }

  elapsed() {
    return (Date.now() - plan.startAt) / 1000;
  }

  /** The comments due by now, in the stream's order (generated even when nobody hears them). */
  due() {
    const elapsed = Math.min(this.elapsed(), plan.seconds);
    const target = commentsDue(elapsed, plan.rate, plan.burst);
    const fresh = [];
    while (this.generated < target) {
      fresh.push(this.stream.chat());
      this.generated += 1;
    }
    // Not push(...fresh): a connection made late in a long run regenerates the stream from its
    // start, far more comments than a call's arguments may hold.
    this.recent =
      fresh.length >= plan.initialData ? fresh.slice(-plan.initialData) : [...this.recent, ...fresh];
    if (this.recent.length > plan.initialData) this.recent = this.recent.slice(-plan.initialData);
    return fresh;
  }

  /**
   * Emits the comments, then records them as received: the bridge's listener runs within emit(),
   * so a comment recorded is one the bridge's handler had returned from. Recorded before, a SIGKILL
   * in the middle of a tick's emits would count as lost comments the bridge never got.
   */
  hand(events) {
    if (events.length === 0) return;
    for (const event of events) this.emit("chat", asConnectorChat(event));
    writeSync(this.handed, `${events.map((event) => event.msgId).join("\n")}\n`);
  }

  async connect() {
    if (cutAt(plan.cuts, this.elapsed())) throw new Error("soak connector: the connection is cut");
    this.due(); // what was said while nobody listened is gone, but for the initial data
    setImmediate(() => {
      this.emit("connected", { roomId: "soak" });
      this.hand([...this.recent]);
      const tick = () => {
        const fresh = this.due();
        if (cutAt(plan.cuts, this.elapsed())) {
          this.timer = null;
          this.emit("disconnected", { code: 4005, reason: "soak: cut" });
          return;
        }
        this.hand(fresh);
        if (this.elapsed() < plan.seconds) this.timer = setTimeout(tick, TICK_MS);
      };
      this.timer = setTimeout(tick, TICK_MS);
    });
    return { roomId: "soak" };
  }

  async disconnect() {
    clearTimeout(this.timer);
    this.timer = null;
    closeSync(this.handed);
    this.handed = openSync(plan.handedFile, "a");
  }
}
