import { eq, inArray } from "drizzle-orm";
import { connectDatabase } from "../../apps/server/src/db/client";
import { lives, orders, products } from "../../apps/server/src/db/schema";
import { sendComment } from "../../scripts/live/ingest-client.mjs";
import { appDataAccess, E2E_BASE_URL } from "./server";

/** An active live of its own with products 1..count, as staff prepare one before going live. */
export interface LiveSale {
  id: string;
  ref: string;
  title: string;
}

export function uniqueLiveRef(): string {
  return `ls${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.slice(
    0,
    10,
  );
}

export async function createLiveSale(count = 6): Promise<LiveSale> {
  const { db, close } = connectDatabase(appDataAccess().databaseUrl, 1);
  try {
    const ref = uniqueLiveRef();
    const title = `Live ${ref}`;
    const [live] = await db
      .insert(lives)
      .values({ ref, title, liveDate: new Date(), isActive: true })
      .returning({ id: lives.id });
    if (!live) throw new Error("live not inserted");
    await db.insert(products).values(
      Array.from({ length: count }, (_, index) => ({
        liveId: live.id,
        ref: index + 1,
        name: `Robe ${ref} n°${index + 1}`,
        priceCents: 4000,
      })),
    );
    return { id: live.id, ref, title };
  } finally {
    await close();
  }
}

/** Removes the live with its orders, products and stored events (the viewers' users stay). */
export async function deleteLiveSale(sale: LiveSale): Promise<void> {
  const { db, close } = connectDatabase(appDataAccess().databaseUrl, 1);
  try {
    await db.transaction(async (tx) => {
      const held = await tx.select({ id: orders.id }).from(orders).where(eq(orders.liveId, sale.id));
      if (held.length > 0)
        await tx.delete(orders).where(
          inArray(
            orders.id,
            held.map((order) => order.id),
          ),
        );
      await tx.delete(products).where(eq(products.liveId, sale.id));
      await tx.delete(lives).where(eq(lives.id, sale.id));
    });
  } finally {
    await close();
  }
}

/** A viewer's chat comment, sent as a live source does (the simulator's ingestion client). */
export async function viewerComments(sale: LiveSale, uniqueId: string, comment: string): Promise<void> {
  await sendComment({ url: E2E_BASE_URL, liveRef: sale.ref, uniqueId, comment });
}

/**
 * `count` chat comments of the live written straight to its table (comment n is
 * `commentaire n`, 1-based), as another server instance would commit them while this page's
 * connection is cut: only what reads the database brings them to the page.
 */
export async function storeComments(sale: LiveSale, count: number): Promise<void> {
  const { pool, close } = connectDatabase(appDataAccess().databaseUrl, 1);
  try {
    await pool.query(
      `INSERT INTO tiktok_events (live_id, event_type, user_unique_id, comment, create_time, msg_id)
       SELECT $1, 'chat', 'spectatrice_' || n, 'commentaire ' || n, $2, gen_random_uuid()::text
       FROM generate_series(1, $3::int) AS n ORDER BY n`,
      [sale.id, Date.now(), count],
    );
  } finally {
    await close();
  }
}

/** Chat comments of the active lives stored after `seq`: what the sidebar's feed covers. */
export async function countChatsAfter(seq: number): Promise<number> {
  const { pool, close } = connectDatabase(appDataAccess().databaseUrl, 1);
  try {
    const { rows } = await pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM tiktok_events
       WHERE live_id IN (SELECT id FROM lives WHERE is_active) AND event_type = 'chat' AND seq > $1`,
      [seq],
    );
    return rows[0]?.count ?? 0;
  } finally {
    await close();
  }
}

/**
 * Pieces of the live with these references (beyond the 1..count of createLiveSale): the
 * simulator's viewers claim references 1 to 60, so a journey's own pieces are claimed only by it.
 */
export async function addLivePieces(sale: LiveSale, refs: number[]): Promise<void> {
  const { db, close } = connectDatabase(appDataAccess().databaseUrl, 1);
  try {
    await db
      .insert(products)
      .values(
        refs.map((ref) => ({ liveId: sale.id, ref, name: `Robe ${sale.ref} n°${ref}`, priceCents: 4000 })),
      );
  } finally {
    await close();
  }
}
