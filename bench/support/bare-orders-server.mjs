// The orders list's floor for bench/admin-orders-list.mjs, in a process of its own as the app's
// server is, so that both answer the load generator across processes: a bare Fastify + pg running
// the module's very statements (fetchOrderList: same prepared-statement names, text and values),
// without session, validation or response schema. A second route also runs the session look-up
// statement first (same prepared statement), as the app did on every signed-in request before it
// kept sessions in memory (decision 020).
// Started with `node --import tsx`, with BARE_DATABASE_URL, BARE_FILTERS (a JSON object: scenario
// name -> query string object) and BARE_SESSION_TOKEN; prints `listening <origin>` when ready.
import Fastify from "fastify";
import pg from "pg";

const { adminOrderListQuerySchema } = await import("@vitrine/domain");
const { fetchOrderList } = await import("../../apps/server/src/modules/admin-orders/index.ts");
const { prepareSessionQuery } = await import("../../apps/server/src/modules/auth/index.ts");
const { connectDatabase } = await import("../../apps/server/src/db/client.ts");

const databaseUrl = process.env.BARE_DATABASE_URL;
const token = process.env.BARE_SESSION_TOKEN;
const filtersOf = new Map(
  Object.entries(JSON.parse(process.env.BARE_FILTERS ?? "{}")).map(([name, query]) => [
    name,
    adminOrderListQuerySchema.parse(query),
  ]),
);

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pool.on("error", () => {});
const sessionDb = connectDatabase(databaseUrl, 10);
const sessionByToken = prepareSessionQuery(sessionDb.db);

const bare = Fastify();
bare.get("/orders/:scenario", async (request) => {
  const { rows, total } = await fetchOrderList(
    (statement) => pool.query(statement),
    filtersOf.get(request.params.scenario),
  );
  return { orders: rows, total };
});
bare.get("/orders-with-session/:scenario", async (request) => {
  const [session] = await sessionByToken.execute({ token });
  if (!session) throw new Error("the session is gone");
  const { rows, total } = await fetchOrderList(
    (statement) => sessionDb.db.$client.query(statement),
    filtersOf.get(request.params.scenario),
  );
  return { orders: rows, total };
});

const origin = await bare.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`listening ${origin}\n`);
process.on("SIGTERM", async () => {
  await bare.close();
  await pool.end();
  await sessionDb.close();
  process.exit(0);
});
