import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Mailer } from "./mailer";

/**
 * SMTP_URL as nodemailer options, read as nodemailer reads a URL (protocol, host, port, user and
 * password, `?name=value` options, `tls.` ones nested) but with the WHATWG parser: nodemailer's
 * own uses url.parse(), which current Node LTS versions flag with a deprecation warning at run time.
 */
export function smtpOptionsFromUrl(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const options: SMTPTransport.Options = { host: url.hostname, secure: url.protocol === "smtps:" };
  if (url.port) options.port = Number(url.port);
  if (url.username) {
    options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  }
  const extra: Record<string, unknown> = {};
  const tls: Record<string, unknown> = {};
  for (const [key, text] of url.searchParams) {
    const value =
      text === "true"
        ? true
        : text === "false"
          ? false
          : text !== "" && !isNaN(Number(text))
            ? Number(text)
            : text;
    if (key.startsWith("tls.")) tls[key.slice(4)] = value;
    else extra[key] = value;
  }
  if (Object.keys(tls).length > 0) extra.tls = tls;
  return Object.assign(options, extra);
}

/** Real delivery over SMTP; `smtpUrl` is e.g. smtp://user:pass@host:587 or smtps://host:465. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpOptionsFromUrl(smtpUrl));
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
