import { desc } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { mailOutbox } from "../../db/schema";

export const DEV_OUTBOX_SIZE = 50;

export function createDevMailService({ db }: { db: Queryable }) {
  return {
    /** The mails the app "sent" without SMTP, newest first. */
    async latestMails() {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(DEV_OUTBOX_SIZE);
    },
  };
}

export type DevMailService = ReturnType<typeof createDevMailService>;
