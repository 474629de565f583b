import nodemailer from "nodemailer";
import type { Mailer } from "./mailer";

/** Real delivery over SMTP; `smtpUrl` is e.g. smtp://user:pass@host:587 or smtps://host:465. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
