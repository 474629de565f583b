import {
  LIVE_EVENTS_LIMIT,
  liveMessages,
  liveSourceMessages,
  liveRefCandidates,
  liveRefFromTitle,
  type Live,
  type LiveViewer,
  type SiteClaimAudience,
  type TiktokEvent,
} from "@vitrine/domain";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { pgErrorCode, pgErrorConstraint, UNIQUE_VIOLATION } from "../../db/pg-error";
import { lives, liveUsers, tiktokEvents } from "../../db/schema";
import { DomainError } from "../../http/errors";

/** Candidate refs looked up at once when deriving one; a title shared by more lives is unheard of. */
const REF_CANDIDATES = 200;
/** Attempts when another live takes the chosen ref between the look-up and the insert. */
const REF_ATTEMPTS = 10;

const liveColumns = {
  id: lives.id,
  ref: lives.ref,
  title: lives.title,
  liveDate: lives.liveDate,
  isActive: lives.isActive,
  siteClaims: lives.siteClaims,
  tiktokUser: lives.tiktokUser,
  youtubeVideoId: lives.youtubeVideoId,
  facebookLiveVideoId: lives.facebookLiveVideoId,
  instagramAccountId: lives.instagramAccountId,
  createdAt: lives.createdAt,
  updatedAt: lives.updatedAt,
};

type LiveRow = { liveDate: Date; createdAt: Date; updatedAt: Date } & Omit<
  Live,
  "liveDate" | "createdAt" | "updatedAt"
>;

function toLive(row: LiveRow): Live {
  return {
    ...row,
    liveDate: row.liveDate.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new DomainError("NOT_FOUND", liveMessages.notFound);

/** A live's sources as read by the domain's rules; a field left out keeps the live's own. */
export interface LiveSourceChanges {
  tiktokUser?: string | null;
  youtubeVideoId?: string | null;
  facebookLiveVideoId?: string | null;
  instagramAccountId?: string | null;
}

export interface LiveCreation extends LiveSourceChanges {
  title: string;
  liveDate: string;
  isActive: boolean;
  siteClaims: SiteClaimAudience;
}

export interface LiveChanges extends LiveSourceChanges {
  title: string;
  ref: string;
  isActive: boolean;
  /** Absent: the live keeps its own. */
  siteClaims?: SiteClaimAudience;
}

const ACTIVE_INSTAGRAM_KEY = "lives_active_instagram_account_key";

export function createLiveService({ db }: { db: Queryable }) {
  async function requireLive(id: string): Promise<void> {
    const [found] = await db.select({ id: lives.id }).from(lives).where(eq(lives.id, id));
    if (!found) throw notFound();
  }

  /** The first ref derived from the title that no live holds, as of now. */
  async function freeRefFor(title: string): Promise<string> {
    const candidates = liveRefCandidates(liveRefFromTitle(title), REF_CANDIDATES);
    const taken = await db.select({ ref: lives.ref }).from(lives).where(inArray(lives.ref, candidates));
    const takenRefs = new Set(taken.map((row) => row.ref));
    const free = candidates.find((ref) => !takenRefs.has(ref));
    if (!free) throw new DomainError("CONFLICT", liveMessages.refTaken, { title: liveMessages.refTaken });
    return free;
  }

  /**
   * A write refused by the one-active-live-per-Instagram-account index, said with the live that
   * holds the account; any other failure as it was.
   */
  async function instagramRefusal(
    error: unknown,
    id: string | null,
    instagramAccountId: string | null | undefined,
  ) {
    if (pgErrorCode(error) !== UNIQUE_VIOLATION || pgErrorConstraint(error) !== ACTIVE_INSTAGRAM_KEY)
      return error;
    const [holder] = await db
      .select({ ref: lives.ref })
      .from(lives)
      .where(
        and(
          eq(lives.isActive, true),
          instagramAccountId
            ? eq(lives.instagramAccountId, instagramAccountId)
            : sql`${lives.instagramAccountId} = (SELECT instagram_account_id FROM lives WHERE id = ${id}::uuid)`,
          id === null ? undefined : ne(lives.id, id),
        ),
      );
    const message = liveSourceMessages.instagramTaken(holder?.ref ?? "");
    return new DomainError("CONFLICT", message, { instagramAccountId: message });
  }

  return {
    /** Newest live first. */
    async listLives(): Promise<Live[]> {
      const rows = await db
        .select(liveColumns)
        .from(lives)
        .orderBy(desc(lives.liveDate), desc(lives.createdAt));
      return rows.map(toLive);
    },

    async getLive(id: string): Promise<Live> {
      const [row] = await db.select(liveColumns).from(lives).where(eq(lives.id, id));
      if (!row) throw notFound();
      return toLive(row);
    },

    /**
     * The ref is derived from the title and made unique; the unique index has the last word, so a
     * live created at the same moment with the same title makes this one take the next number.
     */
    async createLive({ liveDate, ...creation }: LiveCreation): Promise<Live> {
      for (let attempt = 1; ; attempt++) {
        const ref = await freeRefFor(creation.title);
        try {
          const [row] = await db
            .insert(lives)
            .values({ ...creation, ref, liveDate: new Date(liveDate) })
            .returning(liveColumns);
          if (!row) throw new Error("insert returned no row");
          return toLive(row);
        } catch (error) {
          if (pgErrorConstraint(error) === ACTIVE_INSTAGRAM_KEY)
            throw await instagramRefusal(error, null, creation.instagramAccountId);
          if (pgErrorCode(error) !== UNIQUE_VIOLATION || attempt >= REF_ATTEMPTS) throw error;
        }
      }
    },

    async updateLive(id: string, changes: LiveChanges): Promise<Live> {
      const [row] = await db
        .update(lives)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(lives.id, id))
        .returning(liveColumns)
        .catch(async (error: unknown) => {
          if (pgErrorConstraint(error) === ACTIVE_INSTAGRAM_KEY)
            throw await instagramRefusal(error, id, changes.instagramAccountId);
          if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
          throw new DomainError("CONFLICT", liveMessages.refTaken, { ref: liveMessages.refTaken });
        });
      if (!row) throw notFound();
      return toLive(row);
    },

    async setLiveActive(id: string, isActive: boolean): Promise<Live> {
      const [row] = await db
        .update(lives)
        .set({ isActive, updatedAt: sql`now()` })
        .where(eq(lives.id, id))
        .returning(liveColumns)
        .catch(async (error: unknown) => {
          throw await instagramRefusal(error, id, undefined);
        });
      if (!row) throw notFound();
      return toLive(row);
    },

    /** Viewers seen in the live, latest arrival first. */
    async listLiveViewers(id: string): Promise<LiveViewer[]> {
      await requireLive(id);
      const rows = await db
        .select({
          id: liveUsers.id,
          tiktokUsername: liveUsers.tiktokUsername,
          displayName: liveUsers.displayName,
          avatarUrl: liveUsers.avatarUrl,
          tiktokUserId: liveUsers.tiktokUserId,
          createdAt: liveUsers.createdAt,
        })
        .from(liveUsers)
        .where(eq(liveUsers.liveId, id))
        .orderBy(desc(liveUsers.createdAt));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** The latest TikTok events of the live, newest first. */
    async listLiveEvents(id: string): Promise<TiktokEvent[]> {
      await requireLive(id);
      return db
        .select({
          id: tiktokEvents.id,
          eventType: tiktokEvents.eventType,
          userNickname: tiktokEvents.userNickname,
          userUniqueId: tiktokEvents.userUniqueId,
          comment: tiktokEvents.comment,
          createTime: tiktokEvents.createTime,
          payload: tiktokEvents.payload,
        })
        .from(tiktokEvents)
        .where(eq(tiktokEvents.liveId, id))
        .orderBy(desc(tiktokEvents.createTime))
        .limit(LIVE_EVENTS_LIMIT);
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
