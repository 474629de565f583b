#!/usr/bin/env node
// Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on the two pages a customer
// coming from a TikTok live opens first: /login, anonymous, and /customer/orders, signed in as a
// customer created through the app's own sign-up and magic link. Beside each, the machine's floor:
// the same audit of a static HTML page showing about the same content, served by a bare Node HTTP
// server, which is the best score this machine's run can give whatever the app does.
// Builds nothing: run `npm run build` first. Prints medians of the runs; asserts nothing.
//   node bench/lighthouse.mjs [runs]   (default 3)
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { startDemoServer } from "./support/demo-server.mjs";

const runs = Number(process.argv[2] ?? 3);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const chromeFlags = ["--headless=new", "--no-sandbox", "--disable-gpu"];

/** Signs a new customer up and follows the link of the mail, as a person does; returns the cookie. */
async function customerCookie(origin) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `lighthouse.${id}@example.com`;
  const handle = `lighthouse_${id}`;
  const post = (path, body) =>
    fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body),
    });
  const signup = await post("/api/auth/signup", {
    tiktokUsername: handle,
    tiktokUsernameConfirmation: handle,
    email,
    emailConfirmation: email,
    acceptTerms: true,
  });
  if (signup.status !== 202) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  // The development outbox lists the newest mail first; its link carries the magic-link token.
  const outbox = await (await fetch(`${origin}/dev/mail`)).text();
  const mail = outbox.split("<article").find((article) => article.includes(email));
  const token = mail?.match(/\/auth\/verify\?token=([^"&<\s]+)/)?.[1];
  if (!token) throw new Error("no sign-in link in the outbox");
  const verify = await post("/api/auth/magic-link/verify", { token: decodeURIComponent(token) });
  const cookie = verify.headers
    .getSetCookie()
    .find((c) => c.startsWith("vitrine.session_token="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`magic-link sign-in failed: ${verify.status}`);
  return cookie;
}

// The floor pages: the visible content of each page, with a few lines of inline CSS and no script.
const floorStyle = `body{margin:0;font-family:system-ui,sans-serif;color:#0a0a0a}
header,footer{border-bottom:1px solid #e5e5e5;padding:0 16px}header{height:64px;display:flex;align-items:center}
header b{font-size:24px;color:#be123c}main{max-width:448px;margin:0 auto;padding:32px 16px}
h1{font-size:24px}input,button{display:block;width:100%;box-sizing:border-box;height:40px;margin:8px 0;font:inherit}
button{background:#be123c;color:#fff;border:0;border-radius:6px}p{color:#525252}
nav{position:fixed;bottom:0;left:0;right:0;display:flex;justify-content:space-around;border-top:1px solid #e5e5e5}
nav a{padding:16px;color:#525252}footer{border-top:1px solid #e5e5e5;padding:24px 16px}footer a{margin-right:16px;color:#525252}`;
const floorPage = (title, body) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta name="description" content="Vitrine : vos achats des lives TikTok."><title>${title}</title><style>${floorStyle}</style></head><body>${body}</body></html>`;
const floorPages = {
  "/login": floorPage(
    "Connexion · Vitrine",
    `<header><b>Vitrine</b></header><main><h1>Connexion</h1>
<p>Recevez un lien de connexion par email : pas besoin de mot de passe.</p>
<form><label for="email">Email</label><input id="email" type="email" autocomplete="email" placeholder="Entrez votre email pour vous connecter">
<button type="submit">Me connecter avec cet email</button></form><p>ou</p><a href="/signup">Créer un compte</a></main>
<footer><a href="/">Accueil</a><a href="/cgv">CGV</a><a href="/contact">Contact</a><span>© Vitrine</span></footer>`,
  ),
  "/customer/orders": floorPage(
    "Mes commandes · Vitrine",
    `<header><b>Mon espace</b></header><main><h1>Mes commandes</h1>
<p>Vos commandes apparaîtront ici après votre participation à un live.</p></main>
<nav aria-label="Navigation de l'espace client"><a href="/customer/orders">Commandes</a><a href="/customer/profile">Profil</a><a href="/customer/faq">FAQ</a></nav>`,
  ),
};

async function startFloorServer() {
  const server = createServer((request, response) => {
    const page = floorPages[new URL(request.url ?? "/", "http://localhost").pathname];
    response.writeHead(page ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    response.end(page ?? "");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** One Lighthouse run in a fresh Chromium; the figures this bench prints. */
async function audit(url, cookie) {
  const chrome = await launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    const { categories, audits, finalDisplayedUrl, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${url}: ${runtimeError.message}`);
    if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`${url} ended on ${finalDisplayedUrl}`);
    }
    return {
      performance: categories.performance.score * 100,
      lcp: audits["largest-contentful-paint"].numericValue,
      cls: audits["cumulative-layout-shift"].numericValue,
      tbt: audits["total-blocking-time"].numericValue,
      accessibility: categories.accessibility.score * 100,
      failedA11y: Object.values(audits)
        .filter((a) => a.score === 0 && categories.accessibility.auditRefs.some((ref) => ref.id === a.id))
        .map((a) => a.id),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then loses the trace of a run on a busy machine (NO_NAVSTART): run it again. */
async function auditWithRetries(url, cookie, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, cookie);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stderr.write(`\n${error.message}; trying again\n`);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const app = await startDemoServer("lighthouse", 3900);
const floor = await startFloorServer();
try {
  const cookie = await customerCookie(app.origin);
  const targets = [
    { page: "/login", who: "project", url: `${app.origin}/login` },
    { page: "/login", who: "floor", url: `${floor.origin}/login` },
    { page: "/customer/orders", who: "project", url: `${app.origin}/customer/orders`, cookie },
    { page: "/customer/orders", who: "floor", url: `${floor.origin}/customer/orders` },
  ].map((target) => ({ ...target, results: [] }));
  // Rounds rather than one page after the other, so that a busy moment of the machine spreads over
  // every page instead of landing on one.
  for (let round = 1; round <= runs; round++) {
    for (const target of targets) {
      target.results.push(await auditWithRetries(target.url, target.cookie));
      process.stderr.write(".");
    }
  }
  process.stderr.write("\n");

  const require = createRequire(import.meta.url);
  const { version } = require("lighthouse/package.json");
  console.log(
    `Lighthouse ${version}, mobile preset (simulated throttling), median of ${runs} runs, ${chromePath}`,
  );
  console.log(
    `${"page".padEnd(18)} ${"".padEnd(8)} ${"perf".padStart(5)} ${"LCP".padStart(8)} ${"CLS".padStart(6)} ${"TBT".padStart(7)} ${"a11y".padStart(5)}`,
  );
  for (const { page, who, results } of targets) {
    const m = (key) => median(results.map((result) => result[key]));
    const failed = [...new Set(results.flatMap((result) => result.failedA11y))];
    console.log(
      `${page.padEnd(18)} ${who.padEnd(8)} ${m("performance").toFixed(0).padStart(5)} ${`${(m("lcp") / 1000).toFixed(2)} s`.padStart(8)} ${m("cls").toFixed(3).padStart(6)} ${`${m("tbt").toFixed(0)} ms`.padStart(7)} ${m("accessibility").toFixed(0).padStart(5)}` +
        (failed.length > 0 ? `   a11y failures: ${failed.join(", ")}` : ""),
    );
  }
  console.log("targets: performance >= 95, LCP <= 2.0 s, CLS ~0, accessibility 100 (customer first load)");
} finally {
  await floor.close();
  await app.stop();
}
