import pg from "pg";
import { errorText } from "../lib/error-text";

export interface PgListenerOptions {
  /** The app's pool: its settings open the listening connection. */
  pool: pg.Pool;
  channel: string;
  /** How the connection shows in pg_stat_activity. */
  applicationName: string;
  /** What the log lines start with, e.g. "live hub". */
  name: string;
  onNotification: (payload: string | undefined) => void;
  /**
   * Runs on a new connection once it LISTENs, before it counts as listening; when it fails, the
   * attempt fails and is retried.
   */
  prepare?: (client: pg.Client) => Promise<void>;
  /** Listening (again): notifications from now on are heard. */
  onListening?: () => void;
  /** An established connection was lost: notifications may go unheard until `onListening`. */
  onLost?: () => void;
  log?: (message: string) => void;
  /** First and longest wait before listening again after the connection dropped. */
  reconnectDelayMs?: { min: number; max: number };
}

/**
 * One dedicated connection LISTENing on one channel, connecting again with a growing delay when it
 * is lost or cannot be opened. `onLost` comes at once on a loss, so that what depends on hearing
 * every notification can stop trusting what it holds.
 */
export function createPgListener({
  pool,
  channel,
  applicationName,
  name,
  onNotification,
  prepare,
  onListening = () => {},
  onLost = () => {},
  log = () => {},
  reconnectDelayMs = { min: 250, max: 10_000 },
}: PgListenerOptions) {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    const delay = Math.min(reconnectDelayMs.max, reconnectDelayMs.min * 2 ** failures);
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, delay);
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const candidate = new pg.Client({ ...pool.options, application_name: applicationName });
    const lost = (error?: Error) => {
      if (client !== candidate) return;
      client = null;
      onLost();
      candidate.removeAllListeners("notification");
      void candidate.end().catch(() => {});
      if (!closed) {
        log(`${name}: listening connection lost${error ? ` (${error.message})` : ""}, reconnecting`);
        scheduleReconnect();
      }
    };
    candidate.on("error", lost);
    candidate.on("end", () => lost());
    candidate.on("notification", (message) => {
      if (message.channel === channel) onNotification(message.payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${channel}`);
      await prepare?.(candidate);
    } catch (error) {
      candidate.removeAllListeners();
      candidate.on("error", () => {});
      void candidate.end().catch(() => {});
      log(`${name}: cannot listen (${errorText(error)}), retrying`);
      scheduleReconnect();
      return;
    }
    if (closed) {
      await candidate.end().catch(() => {});
      return;
    }
    client = candidate;
    failures = 0;
    onListening();
  }

  return {
    /** Connects (retrying in the background when that fails). */
    start: connect,
    get listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const current = client;
      client = null;
      if (current) {
        onLost();
        current.removeAllListeners("notification");
        await current.end().catch(() => {});
      }
    },
  };
}

export type PgListener = ReturnType<typeof createPgListener>;
