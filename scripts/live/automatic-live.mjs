/**
 * An active live with pieces 1..`pieces` in automatic mode, written straight into the database
 * (the soak run and the claims benchmark start from it): `holdSeconds` null keeps the shop's hold,
 * `doubtSeconds` null the shop's wait for staff to answer a doubt (CLAIM_DOUBT_SECONDS).
 * Resolves with the live's id and ref.
 */
export async function createAutomaticLive(
  db,
  { ref, title, pieces, holdSeconds = null, doubtSeconds = null },
) {
  const {
    rows: [live],
  } = await db.query(
    "INSERT INTO lives (ref, title, live_date, is_active) VALUES ($1, $2, now(), true) RETURNING id, ref",
    [ref, title],
  );
  await db.query(
    `INSERT INTO products (live_id, ref, name, price_cents, size)
     SELECT $1, n, 'Pièce ' || n, 1500 + (n % 20) * 100, (ARRAY['S','M','L','38','40'])[1 + n % 5]
       FROM generate_series(1, $2::int) n`,
    [live.id, pieces],
  );
  // The live's claim settings, as staff set them in the sidebar or on the live's page.
  await db.query(
    `INSERT INTO live_claim_state (live_id, mode, hold_seconds, doubt_seconds) VALUES ($1, 'automatique', $2, $3)
     ON CONFLICT (live_id) DO UPDATE
       SET mode = excluded.mode, hold_seconds = excluded.hold_seconds, doubt_seconds = excluded.doubt_seconds`,
    [live.id, holdSeconds, doubtSeconds],
  );
  return live;
}
