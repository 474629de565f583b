/**
 * A bridge's spool: the events the server has not acknowledged yet, on disk, so that neither a
 * server or database that stops answering nor a bridge killed outright loses what its platform
 * handed it.
 *
 * Segment files (`segment-000001.jsonl`, one event a line) in one folder per live. Each event is
 * written to its segment as it is appended (one system write, into the kernel's cache: a bridge
 * killed outright a moment later has it on disk all the same), and fsync'd with the others of its
 * batch (`sync()`), never one by one: the bridge calls sync() before it sends, so nothing reaches the
 * server that a crash of the machine could take from the spool. Events are
 * acknowledged oldest first, so a segment is removed once all its events are; when every event is
 * acknowledged the folder is emptied (compaction by deletion, no file is rewritten in place). A
 * restart writes to a new segment, never after an old one's last line, which a crash may have torn:
 * reading skips a line that is not whole JSON.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";

/** A segment holds this many events at most, so an acknowledged stretch leaves the disk early. */
export const SPOOL_SEGMENT_EVENTS = 2_000;

const SEGMENT = /^segment-(\d{6,})\.jsonl$/;
const segmentName = (number) => `segment-${String(number).padStart(6, "0")}.jsonl`;

/**
 * The folder of one live's spool inside the spool folder the operator chose. The TikTok bridge
 * spools in the live's folder itself, as it always did; another platform's bridge in a folder of
 * its own inside it, so that two bridges of one live on one machine never send or delete each
 * other's events (a spool reads only the segments of its own folder).
 */
export function spoolFolder(root, liveRef, platform = "tiktok") {
  const live = path.join(root, encodeURIComponent(liveRef));
  return platform === "tiktok" ? live : path.join(live, platform);
}

/**
 * Opens (creates) the spool in `folder`; `pending` are the events it holds from a previous run,
 * oldest first, to be sent before anything new. `log` hears the lines it had to skip.
 */
export function openSpool(folder, { log = () => {}, segmentEvents = SPOOL_SEGMENT_EVENTS } = {}) {
  mkdirSync(folder, { recursive: true });
  /** Segments in order: { number, file, unacknowledged }. */
  const segments = [];
  const pending = [];
  let torn = 0;
  const existing = readdirSync(folder)
    .map((name) => SEGMENT.exec(name))
    .filter(Boolean)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
  for (const number of existing) {
    const file = path.join(folder, segmentName(number));
    let count = 0;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line === "") continue;
      let event;
      try {
        event = JSON.parse(line);
      } catch {
        torn += 1;
        continue;
      }
      if (!event || typeof event !== "object" || typeof event.msgId !== "string") {
        torn += 1;
        continue;
      }
      pending.push({ event, segment: number });
      count += 1;
    }
    if (count === 0) unlinkSync(file);
    else segments.push({ number, file, unacknowledged: count });
  }
  if (torn > 0) log(`spool: ${torn} unreadable line(s) skipped (a write cut short by a crash)`);

  let nextNumber = (existing.at(-1) ?? 0) + 1;
  /** The segment appends go to; opened at the first append (a restart never reuses an old one). */
  let current = null;
  let fd = null;
  let unsynced = 0;

  function openCurrent() {
    current = { number: nextNumber, file: path.join(folder, segmentName(nextNumber)), unacknowledged: 0 };
    nextNumber += 1;
    fd = openSync(current.file, "a");
    segments.push(current);
  }

  function closeCurrent() {
    if (fd !== null) closeSync(fd);
    fd = null;
    current = null;
  }

  return {
    /** What a previous run left unacknowledged: { event, segment }, oldest first. */
    pending,
    /** Writes `event` to the spool (fsync'd at the next sync); returns its segment (for acknowledge). */
    append(event) {
      if (!current || current.unacknowledged >= segmentEvents) {
        if (current) {
          this.sync();
          closeCurrent();
        }
        openCurrent();
      }
      current.unacknowledged += 1;
      const bytes = Buffer.from(`${JSON.stringify(event)}\n`);
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written);
      unsynced += 1;
      return current.number;
    },
    /** Fsyncs what was appended since the last sync: one fsync for the batch. */
    sync() {
      if (unsynced === 0 || fd === null) return;
      unsynced = 0;
      fsyncSync(fd);
    },
    /** How many appended events wait for their fsync. */
    get unsynced() {
      return unsynced;
    },
    /** Events of `segment` acknowledged (or set aside): a segment none is left in is removed. */
    acknowledge(segment, count = 1) {
      const entry = segments.find((s) => s.number === segment);
      if (!entry) return;
      entry.unacknowledged -= count;
      if (entry.unacknowledged > 0) return;
      if (entry === current) {
        // Everything appended is acknowledged (they go oldest first): start afresh.
        unsynced = 0;
        closeCurrent();
      }
      segments.splice(segments.indexOf(entry), 1);
      try {
        unlinkSync(entry.file);
      } catch (error) {
        log(`spool: could not remove ${entry.file}: ${error.message}`);
      }
    },
    /** Files of the spool now (tests). */
    files: () => segments.map((s) => s.file),
    close() {
      this.sync();
      closeCurrent();
    },
  };
}
