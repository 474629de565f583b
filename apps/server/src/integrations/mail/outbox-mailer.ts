import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { Mailer } from "./mailer";

/**
 * Development delivery: mails are kept in the outbox table (listed at /dev/mail) and their links
 * printed in the log, so the app works without any mail server.
 */
export function createOutboxMailer(db: Database, log: (message: string) => void): Mailer {
  return {
    async send(mail) {
      await db.insert(mailOutbox).values(mail);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log(`Mail to ${mail.to}: « ${mail.subject} »${links.length ? ` ${links.join(" ")}` : ""}`);
    },
  };
}
