import "dotenv/config";
import { loadConfig } from "../config";
import { migrateDatabase } from "./migrate";
import { openDatabase } from "./open";
import { seedDemoData } from "./seed";

/** `npm run db:seed`: loads the demo data into an empty shop (does nothing otherwise). */
const log = (message: string) => console.log(`[vitrine] ${message}`);
const database = await openDatabase(loadConfig(), log);
try {
  await migrateDatabase(database.db);
  log((await seedDemoData(database.db)) ? "Demo data loaded." : "The shop already has data: nothing loaded.");
} finally {
  await database.close();
}
