import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * The journeys' mail sink: a real SMTP server the app delivers to (SMTP_URL), which keeps each
 * message as a JSON file so that Playwright's workers, other processes, can read what was sent.
 */
export interface SunkMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** Milliseconds since the epoch, when the sink accepted it. */
  receivedAt: number;
}

export interface MailSink {
  smtpUrl: string;
  close: () => Promise<void>;
}

// Playwright starts its workers after global-setup, with the environment global-setup leaves.
const MAIL_DIR_VARIABLE = "VITRINE_E2E_MAIL_DIR";

export async function startMailSink(dir: string): Promise<MailSink> {
  mkdirSync(dir, { recursive: true });
  process.env[MAIL_DIR_VARIABLE] = dir;
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: SunkMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            text: parsed.text ?? "",
            receivedAt: Date.now(),
          };
          received += 1;
          // Written before the SMTP answer: once the app's request returns, the mail is readable.
          writeFileSync(path.join(dir, `${String(received).padStart(6, "0")}.json`), JSON.stringify(mail));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("the mail sink has no TCP port");
  return {
    smtpUrl: `smtp://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every mail the app sent to `email` during this run, oldest first. */
export function mailsTo(email: string): SunkMail[] {
  const dir = process.env[MAIL_DIR_VARIABLE];
  if (!dir) throw new Error(`${MAIL_DIR_VARIABLE} is unset: run the journeys with \`npx playwright test\``);
  const recipient = email.toLowerCase();
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as SunkMail)
    .filter((mail) => mail.to.includes(recipient));
}

/** The newest mail to `email`, waiting a little for it: the app may still be talking to the sink. */
export async function latestMailTo(email: string, timeoutMs = 10_000): Promise<SunkMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(email).at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail reached ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
