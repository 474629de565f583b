// A shop after a year of lives, for the orders benchmark: 300 lives (one a day), 30 000 people (one
// in five a live viewer without an account, one customer in ten without a handle), 100 000 orders
// of 1 to 4 pieces each (about 250 000 products and order lines), addresses on every order past
// to-validate, and statuses by the live's age (delivered or cancelled for old lives, every step of
// the way for the last two weeks, to-validate / to-pay for the last three lives). Written with
// generate_series in a few statements, reproducible (setseed), then VACUUM ANALYZE as a live shop's
// autovacuum would have left it.
import pg from "pg";

const FIRST_NAMES = [
  "Camille",
  "Lea",
  "Manon",
  "Chloe",
  "Emma",
  "Ines",
  "Sarah",
  "Julie",
  "Laura",
  "Marie",
  "Pauline",
  "Lucie",
  "Clara",
  "Anais",
  "Oceane",
  "Justine",
  "Margaux",
  "Elodie",
  "Mathilde",
  "Amandine",
  "Audrey",
  "Celine",
  "Sophie",
  "Nadia",
  "Yasmine",
  "Fatima",
  "Aurelie",
  "Morgane",
  "Charlotte",
  "Alice",
];
const LAST_NAMES = [
  "Martin",
  "Bernard",
  "Dubois",
  "Thomas",
  "Robert",
  "Richard",
  "Petit",
  "Durand",
  "Leroy",
  "Moreau",
  "Simon",
  "Laurent",
  "Lefebvre",
  "Michel",
  "Garcia",
  "David",
  "Bertrand",
  "Roux",
  "Vincent",
  "Fournier",
  "Morel",
  "Girard",
  "Andre",
  "Mercier",
  "Dupont",
  "Lambert",
  "Bonnet",
  "Francois",
  "Martinez",
  "Legrand",
];
const DOMAINS = [
  "gmail.com",
  "hotmail.fr",
  "orange.fr",
  "yahoo.fr",
  "free.fr",
  "outlook.fr",
  "laposte.net",
  "sfr.fr",
];
const THEMES = ["Nouveautés", "Soldes", "Robes d'été", "Best of", "Pulls & mailles", "Jeans", "Accessoires"];
/** The refs the app would derive from those titles (liveRefFromTitle: 10 characters at most). */
const THEME_REFS = ["nouveautes", "soldes", "robes-d-et", "best-of", "pulls-mail", "jeans", "accessoire"];
const PIECES = ["Robe", "Blouse", "Jean", "Pull", "Gilet", "Jupe", "Top", "Veste", "Chemise", "Pantalon"];

export const FILL = { lives: 300, people: 30_000, orders: 100_000 };

const textArray = (values) => `ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(",")}]`;

/** Fills the (migrated) database behind `databaseUrl`; returns how long it took, in ms. */
export async function fillOrders(databaseUrl, log = () => {}) {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const step = async (label, text) => {
    const stepStarted = performance.now();
    const result = await client.query(text);
    log(`  ${label}: ${result.rowCount ?? 0} rows, ${Math.round(performance.now() - stepStarted)} ms`);
  };
  try {
    await client.query("BEGIN");
    await client.query("SELECT setseed(0.42)");
    // Refs as the app derives them from titles: the theme's slug, numbered once it is taken.
    await step(
      "lives",
      `INSERT INTO lives (ref, title, live_date, is_active)
       SELECT CASE WHEN k = 1 THEN slug ELSE rtrim(left(slug, 9 - length(k::text)), '-') || '-' || k END,
              theme || ' du ' || to_char(day, 'DD/MM/YYYY'), day, n > ${FILL.lives - 1}
       FROM (SELECT n, day, theme, slug, row_number() OVER (PARTITION BY slug ORDER BY n)
                            + (SELECT count(*) FROM lives WHERE ref = slug) AS k
             FROM generate_series(1, ${FILL.lives}) AS n,
                  LATERAL (SELECT date_trunc('day', now()) - (${FILL.lives} - n) * interval '1 day' + interval '19 hours' AS day,
                                  (${textArray(THEMES)})[1 + n % ${THEMES.length}] AS theme,
                                  (${textArray(THEME_REFS)})[1 + n % ${THEMES.length}] AS slug) AS d) AS l`,
    );
    await step(
      "people",
      `INSERT INTO users (first_name, last_name, email, tiktok_username, created_at)
       SELECT CASE WHEN viewer THEN NULL ELSE first END,
              CASE WHEN viewer THEN NULL ELSE last END,
              CASE WHEN viewer THEN handle || '@viewers.vitrine.invalid'
                   ELSE lower(first) || '.' || lower(last) || n || '@' || (${textArray(DOMAINS)})[1 + n % ${DOMAINS.length}] END,
              CASE WHEN NOT viewer AND n % 10 = 0 THEN NULL ELSE handle END,
              now() - random() * interval '365 days'
       FROM (SELECT n, random() < 0.2 AS viewer,
                    (${textArray(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] AS first,
                    (${textArray(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] AS last
             FROM generate_series(1, ${FILL.people}) AS n) AS p,
            LATERAL (SELECT lower(first) || '_' || lower(substr(last, 1, 4)) || n AS handle) AS h`,
    );
    await client.query(
      `CREATE TEMP TABLE bench_lives ON COMMIT DROP AS
       SELECT id, ref, live_date, row_number() OVER (ORDER BY live_date) AS rn FROM lives
       WHERE live_date > now() - interval '${FILL.lives + 1} days' AND title LIKE '% du __/__/____'`,
    );
    await client.query(
      `CREATE TEMP TABLE bench_people ON COMMIT DROP AS
       SELECT id, row_number() OVER (ORDER BY id) AS rn FROM users WHERE NOT is_admin AND auth_id IS NULL`,
    );
    await client.query("CREATE INDEX ON bench_people (rn)");
    await client.query(
      `CREATE TEMP TABLE bench_colors ON COMMIT DROP AS
       SELECT id, name, hex_code, row_number() OVER (ORDER BY name) - 1 AS k FROM product_colors`,
    );
    const colors = Number((await client.query("SELECT count(*) AS n FROM bench_colors")).rows[0].n);
    if (colors === 0) throw new Error("the database has no colour: the demo data should have made some");
    // Each order: its live, its customer, 1 to 4 pieces; numbered and its pieces referenced in the
    // order of its time within the live.
    await step(
      "order plan",
      `CREATE TEMP TABLE planned ON COMMIT DROP AS
       SELECT p.*, gen_random_uuid() AS order_id, l.id AS live_id, l.ref, l.live_date, u.id AS user_id,
              row_number() OVER live_orders AS seq,
              sum(p.items) OVER live_orders - p.items AS refs_before
       FROM (SELECT n, 1 + floor(random() * ${FILL.lives})::int AS live_rn,
                    1 + floor(random() * (SELECT count(*) FROM bench_people))::int AS person_rn,
                    1 + floor(random() * 4)::int AS items, random() AS r, random() * 150 AS minutes
             FROM generate_series(1, ${FILL.orders}) AS n) AS p
       JOIN bench_lives l ON l.rn = p.live_rn
       JOIN bench_people u ON u.rn = p.person_rn
       WINDOW live_orders AS (PARTITION BY p.live_rn ORDER BY p.minutes, p.n)`,
    );
    const price = "(1500 + ((n * 7 + i * 13) % 40) * 100)";
    await step(
      "products",
      `INSERT INTO products (live_id, ref, name, price_cents, size, color_id)
       SELECT live_id, refs_before + i,
              (${textArray(PIECES)})[1 + (n + i) % ${PIECES.length}] || ' ' || (ARRAY['fleurie','unie','rayée','en lin','oversize'])[1 + (n * i) % 5],
              ${price}, (ARRAY['S','M','L','TU'])[1 + (n + i) % 4],
              c.id
       FROM planned CROSS JOIN LATERAL generate_series(1, items) AS i
       JOIN bench_colors c ON c.k = (n + i) % ${colors}`,
    );
    await step(
      "orders",
      // The total is the database's (trigger orders_keep_total): the fee now, the lines as they come.
      `INSERT INTO orders (id, order_number, live_id, user_id, status, shipping_fee_cents, order_date, created_at,
                           shipping_address, payment_date, tracking_id)
       SELECT order_id, 'HF-' || ref || '-' || seq, live_id, user_id, status, 600,
              live_date + minutes * interval '1 minute', live_date + minutes * interval '1 minute',
              CASE WHEN status = 'to-validate' THEN NULL ELSE jsonb_build_object(
                'first_name', 'Prénom', 'last_name', 'Nom', 'street', n || ' rue des Lilas', 'zip', '69001',
                'city', 'Lyon', 'country', 'France', 'phone', '0612345678', 'email', 'client' || n || '@example.com') END,
              CASE WHEN status IN ('to-validate', 'to-pay') THEN NULL ELSE live_date + interval '1 day' END,
              CASE WHEN status IN ('shipped', 'delivered') THEN '6A' || lpad(n::text, 11, '0') END
       FROM (SELECT *,
                    (CASE WHEN live_rn > ${FILL.lives - 3} THEN
                            CASE WHEN r < 0.6 THEN 'to-validate' WHEN r < 0.9 THEN 'to-pay' ELSE 'paid' END
                          WHEN live_rn > ${FILL.lives - 15} THEN
                            CASE WHEN r < 0.05 THEN 'to-pay' WHEN r < 0.35 THEN 'paid' WHEN r < 0.5 THEN 'preparing'
                                 WHEN r < 0.7 THEN 'to-ship' WHEN r < 0.95 THEN 'shipped' ELSE 'cancelled-by-customer' END
                          ELSE
                            CASE WHEN r < 0.05 THEN 'cancelled-by-customer' WHEN r < 0.08 THEN 'cancelled-by-admin'
                                 WHEN r < 0.12 THEN 'shipped' ELSE 'delivered' END
                     END)::order_status AS status
             FROM planned) AS o`,
    );
    await step(
      "order lines",
      `INSERT INTO order_items (order_id, product_id, price_cents, color)
       SELECT p.order_id, pr.id, pr.price_cents,
              jsonb_build_object('name', c.name, 'hex_code', c.hex_code)
       FROM planned p CROSS JOIN LATERAL generate_series(1, p.items) AS i
       JOIN products pr ON pr.live_id = p.live_id AND pr.ref = p.refs_before + i
       JOIN bench_colors c ON c.id = pr.color_id`,
    );
    await step(
      "live counters",
      `UPDATE lives SET order_counter = counted.n
       FROM (SELECT live_id, count(*) AS n FROM planned GROUP BY live_id) AS counted WHERE lives.id = counted.live_id`,
    );
    await client.query("COMMIT");
    const analyzeStarted = performance.now();
    await client.query("VACUUM ANALYZE");
    log(`  VACUUM ANALYZE: ${Math.round(performance.now() - analyzeStarted)} ms`);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return performance.now() - started;
}
