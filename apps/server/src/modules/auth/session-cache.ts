/** What the cache needs to know of a session read from the database. */
export interface CachedSessionFields {
  id: string;
  authUserId: string;
  expiresAt: Date;
}

export interface SessionCacheOptions {
  /** How long a read may be reused at most, even when no change is heard of (a backstop). */
  maxAgeMs: number;
  /** Beyond this, the oldest reads are forgotten first. */
  maxEntries: number;
  now?: () => number;
}

interface Entry<T> {
  record: T;
  storedAt: number;
}

/**
 * Sessions read from the database, by signed cookie value, so that most signed-in requests cost no
 * query (decision 020). It is only as good as what tells it of changes: it starts disabled, and
 * whoever hears the database's change notifications enables it while listening and disables it
 * the moment it stops, so a change it could not hear of is never served from memory.
 *
 * A read that began before a change was heard of is not kept (`ticket` / `store`): the database
 * may have answered it with the row as it was before that change.
 */
export function createSessionCache<T extends CachedSessionFields>(options: SessionCacheOptions) {
  const now = options.now ?? Date.now;
  const byCookie = new Map<string, Entry<T>>();
  const cookiesBySession = new Map<string, string>();
  const cookiesByAuthUser = new Map<string, Set<string>>();
  let enabled = false;
  // Moves on with every forgetting: a read that began at another value may predate a change.
  let generation = 0;

  function remove(cookieValue: string) {
    const entry = byCookie.get(cookieValue);
    if (!entry) return;
    byCookie.delete(cookieValue);
    cookiesBySession.delete(entry.record.id);
    const ofUser = cookiesByAuthUser.get(entry.record.authUserId);
    ofUser?.delete(cookieValue);
    if (ofUser?.size === 0) cookiesByAuthUser.delete(entry.record.authUserId);
  }

  function clear() {
    generation += 1;
    byCookie.clear();
    cookiesBySession.clear();
    cookiesByAuthUser.clear();
  }

  return {
    get enabled() {
      return enabled;
    },
    get size() {
      return byCookie.size;
    },

    /** The session last read for this cookie, while it may still be trusted. */
    get(cookieValue: string): T | undefined {
      if (!enabled) return undefined;
      const entry = byCookie.get(cookieValue);
      if (!entry) return undefined;
      const at = now();
      if (entry.record.expiresAt.getTime() <= at || at - entry.storedAt >= options.maxAgeMs) {
        remove(cookieValue);
        return undefined;
      }
      return entry.record;
    },

    /** Taken before reading the database: `store` keeps the read only if nothing changed since. */
    ticket(): number {
      return generation;
    },

    store(cookieValue: string, record: T, ticket: number): void {
      if (!enabled || ticket !== generation) return;
      remove(cookieValue);
      // A cookie of a session re-read under another value (cannot happen with signed tokens, but
      // the indexes below must never point at two entries).
      const previous = cookiesBySession.get(record.id);
      if (previous !== undefined) remove(previous);
      byCookie.set(cookieValue, { record, storedAt: now() });
      cookiesBySession.set(record.id, cookieValue);
      const ofUser = cookiesByAuthUser.get(record.authUserId) ?? new Set<string>();
      ofUser.add(cookieValue);
      cookiesByAuthUser.set(record.authUserId, ofUser);
      while (byCookie.size > options.maxEntries) {
        const oldest = byCookie.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
    },

    /** A session changed or ended (its row was updated or deleted). */
    forgetSession(sessionId: string): void {
      generation += 1;
      const cookieValue = cookiesBySession.get(sessionId);
      if (cookieValue !== undefined) remove(cookieValue);
    },

    /** A person's shop row or identity changed: every session of theirs is read again. */
    forgetAuthUser(authUserId: string): void {
      generation += 1;
      for (const cookieValue of [...(cookiesByAuthUser.get(authUserId) ?? [])]) remove(cookieValue);
    },

    /** Forgets everything (a change whose reach is unknown). */
    clear,

    /** Starts trusting what it holds from now on (after a clear: what came before was unheard). */
    enable(): void {
      clear();
      enabled = true;
    },

    /** Stops serving and keeping reads: changes can no longer be heard of. */
    disable(): void {
      enabled = false;
      clear();
    },
  };
}

export type SessionCache<T extends CachedSessionFields> = ReturnType<typeof createSessionCache<T>>;
