import pg from "pg";

/** The channel the database's triggers tell session changes on (migration 0014). */
export const SESSION_CHANGES_CHANNEL = "vitrine_sessions";

/** How the listening connection shows in pg_stat_activity. */
export const SESSION_LISTENER_APPLICATION_NAME = "vitrine-session-changes";

/** What a notification of the channel means for the cache. */
export type SessionChange =
  { kind: "session"; sessionId: string } | { kind: "auth-user"; authUserId: string } | { kind: "all" };

/** 's:<session id>', 'u:<auth user id>' or '*', as the triggers write them; null for anything else. */
export function decodeSessionChange(payload: string | undefined): SessionChange | null {
  if (payload === "*") return { kind: "all" };
  const id = payload?.slice(2);
  if (!id) return null;
  if (payload?.startsWith("s:")) return { kind: "session", sessionId: id };
  if (payload?.startsWith("u:")) return { kind: "auth-user", authUserId: id };
  return null;
}

export interface SessionChangeListenerOptions {
  /** The app's pool: its settings open the listening connection. */
  pool: pg.Pool;
  onChange: (change: SessionChange) => void;
  /** Listening (again): changes from now on will be heard. */
  onListening: () => void;
  /** Not listening any more: changes may go unheard until `onListening`. */
  onDeaf: () => void;
  log?: (message: string) => void;
  reconnectDelayMs?: { min: number; max: number };
}

/**
 * One dedicated connection LISTENing to session changes, reconnecting with a growing delay when it
 * is lost. `onDeaf` comes at once on a loss, so what listens can stop trusting what it holds.
 */
export function createSessionChangeListener({
  pool,
  onChange,
  onListening,
  onDeaf,
  log = () => {},
  reconnectDelayMs = { min: 250, max: 10_000 },
}: SessionChangeListenerOptions) {
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
    const candidate = new pg.Client({ ...pool.options, application_name: SESSION_LISTENER_APPLICATION_NAME });
    const lost = (error?: Error) => {
      if (client !== candidate) return;
      client = null;
      onDeaf();
      candidate.removeAllListeners("notification");
      void candidate.end().catch(() => {});
      if (!closed) {
        log(`session changes: listening connection lost${error ? ` (${error.message})` : ""}, reconnecting`);
        scheduleReconnect();
      }
    };
    candidate.on("error", lost);
    candidate.on("end", () => lost());
    candidate.on("notification", (message) => {
      if (message.channel !== SESSION_CHANGES_CHANNEL) return;
      const change = decodeSessionChange(message.payload);
      // A notification not understood may be a change all the same: forget everything.
      onChange(change ?? { kind: "all" });
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
    } catch (error) {
      candidate.removeAllListeners();
      candidate.on("error", () => {});
      void candidate.end().catch(() => {});
      log(
        `session changes: cannot listen (${error instanceof Error ? error.message : String(error)}), retrying`,
      );
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
    start: connect,
    get listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const current = client;
      client = null;
      onDeaf();
      if (current) {
        current.removeAllListeners("notification");
        await current.end().catch(() => {});
      }
    },
  };
}

export type SessionChangeListener = ReturnType<typeof createSessionChangeListener>;
