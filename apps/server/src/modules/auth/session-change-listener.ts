import type pg from "pg";
import { createPgListener, type PgListener } from "../../realtime/pg-listener";

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

/** Session changes heard on their own connection (see createPgListener for the reconnection). */
export function createSessionChangeListener({
  pool,
  onChange,
  onListening,
  onDeaf,
  log,
  reconnectDelayMs,
}: SessionChangeListenerOptions): PgListener {
  return createPgListener({
    pool,
    channel: SESSION_CHANGES_CHANNEL,
    applicationName: SESSION_LISTENER_APPLICATION_NAME,
    name: "session changes",
    // A notification not understood may be a change all the same: forget everything.
    onNotification: (payload) => onChange(decodeSessionChange(payload) ?? { kind: "all" }),
    onListening,
    onLost: onDeaf,
    log,
    reconnectDelayMs,
  });
}
