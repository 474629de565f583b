import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { escapeHtml } from "../../lib/escape-html";
import type { ModuleRouteOptions } from "../module";
import type { DevMailService } from "./service";

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * The development outbox: every mail the app "sent" without SMTP, newest first. Never registered
 * in production. Bodies are shown as text with their links clickable, never as raw HTML.
 */
export const devMailRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<DevMailService>> = async (
  app,
  { service },
) => {
  app.get("/mail", { config: { access: "public" } }, async (_request, reply) => {
    const mails = await service.latestMails();
    const items = mails
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">À : ${escapeHtml(mail.to)} · ${mail.createdAt.toLocaleString("fr-FR")}</p>
  <pre>${linkify(mail.text)}</pre>
</article>`,
      )
      .join("\n");
    const body = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boîte d'envoi (développement)</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#111827}
article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#6b7280;font-size:.9rem}
pre{white-space:pre-wrap;font-family:inherit}</style></head><body>
<h1>Boîte d'envoi (développement)</h1>
<p>Les emails envoyés sans serveur SMTP (SMTP_URL absent) apparaissent ici.</p>
${items || "<p>Aucun email pour le moment.</p>"}
</body></html>`;
    return reply.type("text/html; charset=utf-8").send(body);
  });
};
