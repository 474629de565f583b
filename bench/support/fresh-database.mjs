// A fresh database on DATABASE_URL's server for one benchmark run, dropped at the end; none when
// DATABASE_URL is not set (the app then starts an embedded PostgreSQL of its own).
import pg from "pg";

export async function freshDatabase(name) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const database = `vitrine_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
}
