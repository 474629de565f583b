import { httpMessages } from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits, users } from "../src/db/schema";
import { defaultAuthRateLimits } from "../src/rate-limits";
import { ensureFirstAdmin } from "../src/modules/auth/first-admin";
import { ADMIN, signupPayload } from "./support/actors";
import { createTestApp, tokenFromLatestMail, type TestApp } from "./support/test-app";

const RATE_LIMITED = { code: "RATE_LIMITED", message: httpMessages.rateLimited };

let t: TestApp;
/**
 * The same app with per-IP limits of 2 a minute (magic links, admin sign-in), set as an operator
 * would, through the AUTH_RATE_LIMITS setting.
 */
let tight: TestApp;
beforeAll(async () => {
  [t, tight] = await Promise.all([
    createTestApp(),
    createTestApp({
      env: { AUTH_RATE_LIMITS: "loginLinkPerIp=2/60,signupPerIp=2/60,adminSignInPerIp=2/60" },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), tight.close()]);
});

// Each test sends from its own address so that per-IP counters never mix between tests.
const requestLink = (app: TestApp, email: string, remoteAddress: string) =>
  app.app.inject({ method: "POST", url: "/api/auth/magic-link", payload: { email }, remoteAddress });
const signup = (app: TestApp, handle: string, email: string, remoteAddress: string) =>
  app.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    remoteAddress,
    payload: signupPayload(handle, email),
  });
const adminSignIn = (password: string, remoteAddress: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/admin/sign-in",
    payload: { email: ADMIN.email, password },
    remoteAddress,
  });
const knownCustomer = (app: TestApp, email: string) => app.db.insert(users).values({ email });
const mailsTo = (app: TestApp, email: string) => app.mails.filter((mail) => mail.to === email).length;

describe("per e-mail", () => {
  it("lets 3 magic-link requests for one e-mail from one address through in 10 minutes, then refuses the 4th without a mail", async () => {
    await knownCustomer(t, "eager@example.com");
    for (let i = 0; i < 3; i++) {
      expect((await requestLink(t, "eager@example.com", "10.1.0.1")).statusCode).toBe(202);
    }
    expect(mailsTo(t, "eager@example.com")).toBe(3);
    const fourth = await requestLink(t, "eager@example.com", "10.1.0.1");
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(RATE_LIMITED);
    expect(mailsTo(t, "eager@example.com")).toBe(3);
  });

  it("does not let a stranger's requests lock the customer out: her own address still gets a link", async () => {
    await knownCustomer(t, "targeted@example.com");
    for (let i = 0; i < 4; i++) await requestLink(t, "targeted@example.com", "10.1.7.66");
    expect((await requestLink(t, "targeted@example.com", "10.1.7.66")).statusCode).toBe(429);
    const fromHome = await requestLink(t, "targeted@example.com", "10.1.7.1");
    expect(fromHome.statusCode).toBe(202);
    expect(mailsTo(t, "targeted@example.com")).toBe(4);
  });

  it("mails one address at most 10 links an hour, however many addresses ask (no mail bombing)", async () => {
    await knownCustomer(t, "bombed@example.com");
    const { max } = defaultAuthRateLimits.magicLinkPerEmail;
    for (let i = 0; i < max; i++) {
      expect((await requestLink(t, "bombed@example.com", `10.1.8.${i + 1}`)).statusCode).toBe(202);
    }
    expect((await requestLink(t, "bombed@example.com", "10.1.9.1")).json()).toEqual(RATE_LIMITED);
    expect(mailsTo(t, "bombed@example.com")).toBe(max);
  });

  it("counts the e-mail whatever its case", async () => {
    await knownCustomer(t, "mixed@example.com");
    for (const email of ["mixed@example.com", "MIXED@example.com", " Mixed@Example.com "]) {
      expect((await requestLink(t, email, "10.1.1.1")).statusCode).toBe(202);
    }
    expect((await requestLink(t, "mixed@EXAMPLE.COM", "10.1.1.1")).statusCode).toBe(429);
  });

  it("keeps other e-mails free when one is limited", async () => {
    await knownCustomer(t, "limited@example.com");
    await knownCustomer(t, "free@example.com");
    for (let i = 0; i < 4; i++) await requestLink(t, "limited@example.com", "10.1.2.1");
    expect((await requestLink(t, "limited@example.com", "10.1.2.1")).statusCode).toBe(429);
    expect((await requestLink(t, "free@example.com", "10.1.2.1")).statusCode).toBe(202);
  });

  it("lets the e-mail through again once its window has passed", async () => {
    await knownCustomer(t, "patient@example.com");
    for (let i = 0; i < 3; i++) await requestLink(t, "patient@example.com", "10.1.3.1");
    expect((await requestLink(t, "patient@example.com", "10.1.3.1")).statusCode).toBe(429);

    const key = "magic-link:email-ip:patient@example.com:10.1.3.1";
    await t.db
      .update(rateLimits)
      .set({ windowStartedAt: new Date(Date.now() - 10 * 60 * 1000 - 1000) })
      .where(eq(rateLimits.key, key));
    const response = await requestLink(t, "patient@example.com", "10.1.3.1");
    expect(response.statusCode).toBe(202);
    const [counter] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(counter?.count).toBe(1);
    expect(Date.now() - (counter?.windowStartedAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it("does not reset the window before it has passed", async () => {
    await knownCustomer(t, "hasty@example.com");
    for (let i = 0; i < 3; i++) await requestLink(t, "hasty@example.com", "10.1.4.1");
    await t.db
      .update(rateLimits)
      .set({ windowStartedAt: new Date(Date.now() - 9 * 60 * 1000) })
      .where(eq(rateLimits.key, "magic-link:email-ip:hasty@example.com:10.1.4.1"));
    expect((await requestLink(t, "hasty@example.com", "10.1.4.1")).statusCode).toBe(429);
  });

  it("counts unknown e-mails too, so guessing addresses is limited", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await requestLink(t, "guess@example.com", "10.1.5.1")).statusCode).toBe(404);
    }
    expect((await requestLink(t, "guess@example.com", "10.1.5.1")).json()).toEqual(RATE_LIMITED);
  });

  it("shares the counter between sign-up and sign-in requests", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await signup(t, "shared_count", "shared@example.com", "10.1.6.1")).statusCode).toBe(202);
    }
    const login = await requestLink(t, "shared@example.com", "10.1.6.1");
    expect(login.statusCode).toBe(429);
    expect(login.json()).toEqual(RATE_LIMITED);
    expect(mailsTo(t, "shared@example.com")).toBe(3);

    await knownCustomer(t, "other-way@example.com");
    for (let i = 0; i < 3; i++) {
      expect((await requestLink(t, "other-way@example.com", "10.1.6.2")).statusCode).toBe(202);
    }
    const late = await signup(t, "other_way", "other-way@example.com", "10.1.6.2");
    expect(late.statusCode).toBe(429);
    expect(mailsTo(t, "other-way@example.com")).toBe(3);
  });
});

describe("per IP", () => {
  it("refuses the 3rd sign-in request from one address, whatever the e-mails, while another address goes on", async () => {
    for (const email of ["ip-a@example.com", "ip-b@example.com", "ip-c@example.com"]) {
      await knownCustomer(tight, email);
    }
    expect((await requestLink(tight, "ip-a@example.com", "10.0.0.5")).statusCode).toBe(202);
    expect((await requestLink(tight, "ip-b@example.com", "10.0.0.5")).statusCode).toBe(202);
    const third = await requestLink(tight, "ip-c@example.com", "10.0.0.5");
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(RATE_LIMITED);
    expect(mailsTo(tight, "ip-c@example.com")).toBe(0);

    const elsewhere = await requestLink(tight, "ip-c@example.com", "10.0.0.9");
    expect(elsewhere.statusCode).toBe(202);
    expect(mailsTo(tight, "ip-c@example.com")).toBe(1);
  });

  it("counts sign-ups apart from sign-ins", async () => {
    await knownCustomer(tight, "ip-d@example.com");
    for (let i = 0; i < 2; i++) await requestLink(tight, "ip-d@example.com", "10.0.2.5");
    expect((await requestLink(tight, "ip-d@example.com", "10.0.2.5")).statusCode).toBe(429);
    expect((await signup(tight, "ip_e_one", "ip-e-one@example.com", "10.0.2.5")).statusCode).toBe(202);
    expect((await signup(tight, "ip_e_two", "ip-e-two@example.com", "10.0.2.5")).statusCode).toBe(202);
    expect((await signup(tight, "ip_e_three", "ip-e-three@example.com", "10.0.2.5")).json()).toEqual(
      RATE_LIMITED,
    );
  });

  it("lets the address through again once its window has passed", async () => {
    await knownCustomer(tight, "ip-later@example.com");
    for (let i = 0; i < 2; i++) await requestLink(tight, "ip-later@example.com", "10.0.1.5");
    expect((await requestLink(tight, "ip-later@example.com", "10.0.1.5")).statusCode).toBe(429);
    await tight.db
      .update(rateLimits)
      .set({ windowStartedAt: new Date(Date.now() - 61_000) })
      .where(eq(rateLimits.key, "login-link:ip:10.0.1.5"));
    expect((await requestLink(tight, "ip-later@example.com", "10.0.1.5")).statusCode).toBe(202);
  });

  it("serves a live audience of 300 customers behind one carrier address within a minute, sign-up then sign-in", async () => {
    const carrier = "10.3.0.1";
    const customers = Array.from({ length: 300 }, (_, i) => ({
      handle: `audience_${i}`,
      email: `audience-${i}@example.com`,
    }));
    const inBatches = async (run: (customer: (typeof customers)[number]) => Promise<number>) => {
      const statuses: number[] = [];
      for (let i = 0; i < customers.length; i += 25) {
        statuses.push(...(await Promise.all(customers.slice(i, i + 25).map(run))));
      }
      return statuses;
    };
    const signups = await inBatches(async ({ handle, email }) => {
      const check = await t.app.inject({
        method: "POST",
        url: "/api/auth/check-tiktok-username",
        payload: { username: handle },
        remoteAddress: carrier,
      });
      if (check.statusCode !== 200) return check.statusCode;
      return (await signup(t, handle, email, carrier)).statusCode;
    });
    expect(signups.filter((status) => status !== 202)).toEqual([]);
    const verifications = await inBatches(async ({ email }) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/magic-link/verify",
        payload: { token: tokenFromLatestMail(t.mails, email) },
        remoteAddress: carrier,
      });
      return response.statusCode;
    });
    expect(verifications.filter((status) => status !== 200)).toEqual([]);
    const signIns = await inBatches(async ({ email }) => (await requestLink(t, email, carrier)).statusCode);
    expect(signIns.filter((status) => status !== 202)).toEqual([]);
    // 900 sign-up steps take seconds alone but can pass 20 s on a loaded 2-core machine.
  }, 60_000);
});

describe("admin sign-in", () => {
  const adminDeviceOf = (response: { headers: Record<string, unknown> }) =>
    [response.headers["set-cookie"] ?? []]
      .flat()
      .map(String)
      .find((cookie) => cookie.startsWith("vitrine.admin_device="))
      ?.split(";")[0];

  it("blocks wrong passwords from one address, and the owner still signs in from hers", async () => {
    await ensureFirstAdmin(t.db, ADMIN);
    const { max } = defaultAuthRateLimits.adminFailuresPerAccountAndIp;
    for (let i = 0; i < max; i++) {
      expect((await adminSignIn("wrong-password-guess", "10.2.0.66")).statusCode).toBe(401);
    }
    const blocked = await adminSignIn(ADMIN.password, "10.2.0.66");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    expect(blocked.headers["set-cookie"]).toBeUndefined();
    expect((await adminSignIn(ADMIN.password, "10.2.0.1")).statusCode).toBe(200);
  });

  it("does not count a successful sign-in as a failure", async () => {
    const { max } = defaultAuthRateLimits.adminFailuresPerAccountAndIp;
    for (let i = 0; i < max + 2; i++) {
      expect((await adminSignIn(ADMIN.password, "10.2.3.1")).statusCode).toBe(200);
    }
    for (let i = 0; i < max - 1; i++) await adminSignIn("wrong-password-guess", "10.2.3.1");
    expect((await adminSignIn(ADMIN.password, "10.2.3.1")).statusCode).toBe(200);
  });

  it("stops guessing from many addresses at the account's backstop, but not the owner's known browser", async () => {
    const known = await adminSignIn(ADMIN.password, "10.2.4.1");
    const device = adminDeviceOf(known);
    expect(device).toBeDefined();
    await t.db.delete(rateLimits).where(eq(rateLimits.key, `admin-failures:email:${ADMIN.email}`));
    const { max } = defaultAuthRateLimits.adminFailuresPerAccount;
    for (let i = 0; i < max; i++) {
      const guess = await adminSignIn("wrong-password-guess", `10.2.5.${i + 1}`);
      expect(guess.statusCode).toBe(401);
    }
    expect((await adminSignIn(ADMIN.password, "10.2.6.1")).json()).toEqual(RATE_LIMITED);
    const fromKnownBrowser = await t.app.inject({
      method: "POST",
      url: "/api/auth/admin/sign-in",
      payload: ADMIN,
      remoteAddress: "10.2.6.2",
      headers: { cookie: device ?? "" },
    });
    expect(fromKnownBrowser.statusCode).toBe(200);
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/auth/admin/sign-in",
      payload: ADMIN,
      remoteAddress: "10.2.6.3",
      headers: { cookie: "vitrine.admin_device=1700000000000.forged" },
    });
    expect(forged.json()).toEqual(RATE_LIMITED);
  });

  it("counts guesses sent in parallel: at most the limit gets an answer", async () => {
    // The previous test spent the account's backstop; this one is about the per-address count.
    await t.db.delete(rateLimits).where(eq(rateLimits.key, `admin-failures:email:${ADMIN.email}`));
    const { max } = defaultAuthRateLimits.adminFailuresPerAccountAndIp;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => adminSignIn("parallel-guess-password", "10.2.7.1")),
    );
    expect(answers.filter((answer) => answer.statusCode === 401).length).toBe(max);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBe(20 - max);
  });

  it("limits attempts from one address across e-mails", async () => {
    const attempt = (email: string, remoteAddress: string) =>
      tight.app.inject({
        method: "POST",
        url: "/api/auth/admin/sign-in",
        payload: { email, password: "some-password" },
        remoteAddress,
      });
    expect((await attempt("guess1@example.com", "10.2.2.1")).statusCode).toBe(401);
    expect((await attempt("guess2@example.com", "10.2.2.1")).statusCode).toBe(401);
    const blocked = await attempt("guess3@example.com", "10.2.2.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(RATE_LIMITED);
    expect((await attempt("guess3@example.com", "10.2.2.2")).statusCode).toBe(401);
  });
});
