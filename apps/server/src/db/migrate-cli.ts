import "dotenv/config";
import { loadConfig } from "../config";
import { migrateDatabase } from "./migrate";
import { openDatabase } from "./open";

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database). */
const log = (message: string) => console.log(`[vitrine] ${message}`);
const database = await openDatabase(loadConfig(), log);
try {
  await migrateDatabase(database.db);
  log("Migrations applied.");
} finally {
  await database.close();
}
