import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_ADMIN, DEMO_LIVE_INGEST_TOKEN, loadConfig, LYRA_DEMO_KEYS } from "./config";
import { BROWSER_PUSH_SERVICE_HOSTS } from "./lib/push-services";
import { defaultAuthRateLimits, defaultPaymentRateLimits } from "./rate-limits";

const productionEnv = {
  NODE_ENV: "production",
  APP_URL: "https://boutique.example.fr",
  DATABASE_URL: "postgres://vitrine@db.internal/vitrine",
  AUTH_SECRET: "s".repeat(32),
  SMTP_URL: "smtp://mail.internal:587",
  PAYMENT_PROVIDER: "lyra",
  // Invented, as a shop's own keys would be: not Lyra's published demo shop.
  LYRA_SHOP_ID: "12345678",
  LYRA_PASSWORD: "prodpassword_k3y0fth1ssh0p",
  LYRA_PUBLIC_KEY: "12345678:publickey_k3y0fth1ssh0p",
  LYRA_HMAC_KEY: "0123456789abcdef0123456789abcdef",
};

/** The ConfigError thrown for `env`; fails the test when none is thrown. */
function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("loadConfig accepted an invalid environment");
}

describe("loadConfig", () => {
  it("reads the claims' hold in hours, decimals with a dot or a comma, 24 h by default", () => {
    expect(loadConfig({}).claimHoldSeconds).toBe(24 * 3600);
    expect(loadConfig({ CLAIM_HOLD_HOURS: "0,5" }).claimHoldSeconds).toBe(1800);
    expect(loadConfig({ CLAIM_HOLD_HOURS: "1.25" }).claimHoldSeconds).toBe(4500);
    for (const wrong of ["0", "-1", "abc", "721"]) {
      expect(configErrorOf({ CLAIM_HOLD_HOURS: wrong }).message).toContain("CLAIM_HOLD_HOURS");
    }
  });

  it("reads how long a doubtful claim waits for staff, whole seconds from 5 to 3600, 45 by default", () => {
    expect(loadConfig({}).claimDoubtSeconds).toBe(45);
    expect(loadConfig({ CLAIM_DOUBT_SECONDS: "5" }).claimDoubtSeconds).toBe(5);
    expect(loadConfig({ CLAIM_DOUBT_SECONDS: "3600" }).claimDoubtSeconds).toBe(3600);
    for (const wrong of ["4", "3601", "12.5", "abc", "-45"]) {
      expect(configErrorOf({ CLAIM_DOUBT_SECONDS: wrong }).message).toContain("CLAIM_DOUBT_SECONDS");
    }
  });

  it("reads the customers' settings: a reminder in hours (0 none), the unpaid holds limit, verified handles, VAPID keys in pairs", () => {
    expect(loadConfig({})).toMatchObject({
      claimReminderSeconds: 2 * 3600,
      unpaidHoldsLimit: 2,
      verifiedHandlesOnly: false,
      vapidKeys: undefined,
      vapidSubject: "mailto:contact@vitrine.local",
    });
    expect(loadConfig({ CLAIM_REMINDER_HOURS: "0,5" }).claimReminderSeconds).toBe(1800);
    expect(loadConfig({ CLAIM_REMINDER_HOURS: "0" }).claimReminderSeconds).toBe(0);
    expect(loadConfig({ UNPAID_HOLDS_LIMIT: "0", VERIFIED_HANDLES_ONLY: "true" })).toMatchObject({
      unpaidHoldsLimit: 0,
      verifiedHandlesOnly: true,
    });
    for (const wrong of ["-1", "abc", "721"]) {
      expect(configErrorOf({ CLAIM_REMINDER_HOURS: wrong }).message).toContain("CLAIM_REMINDER_HOURS");
    }
    expect(configErrorOf({ UNPAID_HOLDS_LIMIT: "-1" }).message).toContain("UNPAID_HOLDS_LIMIT");
    const publicKey = `B${"A".repeat(86)}`;
    const privateKey = "A".repeat(43);
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).vapidKeys).toEqual({
      publicKey,
      privateKey,
    });
    expect(configErrorOf({ VAPID_PUBLIC_KEY: publicKey }).message).toContain("go together");
    expect(configErrorOf({ VAPID_SUBJECT: "contact@shop.fr" }).message).toContain("VAPID_SUBJECT");
  });

  it("reads the push services customers' subscriptions may point at: the browsers', and PUSH_SERVICE_HOSTS's", () => {
    expect(loadConfig({})).toMatchObject({
      pushServiceHosts: BROWSER_PUSH_SERVICE_HOSTS,
      pushAllowPrivateAddresses: false,
    });
    expect(BROWSER_PUSH_SERVICE_HOSTS).toEqual(
      expect.arrayContaining(["fcm.googleapis.com", "updates.push.services.mozilla.com"]),
    );
    expect(
      loadConfig({ PUSH_SERVICE_HOSTS: " Push.Example.net,*.corp.example ,, " }).pushServiceHosts,
    ).toEqual([...BROWSER_PUSH_SERVICE_HOSTS, "push.example.net", "*.corp.example"]);
    for (const wrong of ["*", "https://push.example.net", "push.example.net/path", "*.", "push..example"]) {
      expect(configErrorOf({ PUSH_SERVICE_HOSTS: wrong }).message, wrong).toContain("PUSH_SERVICE_HOSTS");
    }
  });

  it("lets push reach a push service at a private address outside production only", () => {
    expect(loadConfig({ PUSH_ALLOW_PRIVATE_ADDRESSES: "true" }).pushAllowPrivateAddresses).toBe(true);
    expect(
      loadConfig({ NODE_ENV: "test", PUSH_ALLOW_PRIVATE_ADDRESSES: "1" }).pushAllowPrivateAddresses,
    ).toBe(true);
    expect(configErrorOf({ ...productionEnv, PUSH_ALLOW_PRIVATE_ADDRESSES: "true" }).message).toContain(
      "PUSH_ALLOW_PRIVATE_ADDRESSES",
    );
    expect(
      loadConfig({ ...productionEnv, PUSH_ALLOW_PRIVATE_ADDRESSES: "false" }).pushAllowPrivateAddresses,
    ).toBe(false);
  });

  it("turns the Instagram webhook on with its two settings only, and refuses one without the other", () => {
    expect(loadConfig({}).instagramWebhook).toBeUndefined();
    expect(loadConfig({ INSTAGRAM_APP_SECRET: "s", INSTAGRAM_VERIFY_TOKEN: "v" }).instagramWebhook).toEqual({
      appSecret: "s",
      verifyToken: "v",
    });
    expect(configErrorOf({ INSTAGRAM_APP_SECRET: "s" }).message).toContain("go together");
    expect(configErrorOf({ INSTAGRAM_VERIFY_TOKEN: "v" }).message).toContain("go together");
  });

  it("reads the days a customer's orders may be apart to travel in one parcel", () => {
    expect(loadConfig({}).parcelCombineDays).toBe(7);
    expect(loadConfig({ PARCEL_COMBINE_DAYS: "0" }).parcelCombineDays).toBe(0);
    expect(loadConfig({ PARCEL_COMBINE_DAYS: "14" }).parcelCombineDays).toBe(14);
    for (const wrong of ["-1", "2,5", "abc", "366"]) {
      expect(configErrorOf({ PARCEL_COMBINE_DAYS: wrong }).message).toContain("PARCEL_COMBINE_DAYS");
    }
  });

  it("reads how long a CSV export may wait for its client", () => {
    expect(loadConfig({}).exportStallSeconds).toBe(30);
    expect(loadConfig({ EXPORT_STALL_SECONDS: "5" }).exportStallSeconds).toBe(5);
    for (const wrong of ["0", "-1", "1,5", "abc", "3601"]) {
      expect(configErrorOf({ EXPORT_STALL_SECONDS: wrong }).message).toContain("EXPORT_STALL_SECONDS");
    }
  });

  it("has working defaults for development", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "development",
      isProduction: false,
      port: 3000,
      host: "127.0.0.1",
      appUrl: "http://localhost:3000",
      databaseUrl: undefined,
      smtpUrl: undefined,
      dataDir: "./data",
      mailFrom: "Vitrine <contact@vitrine.local>",
      trustProxy: false,
      seedDemo: true,
      paymentProvider: "simulator",
      labelProvider: "local",
      storage: "local",
      logLevel: "warn",
    });
    expect(config.shop).toEqual({
      name: "Vitrine",
      contactEmail: "contact@vitrine.local",
      postalAddress: "Vitrine\n12 rue des Lilas\n69001 Lyon\nFrance",
    });
  });

  it("keeps changes to orders from comments for proven handles in production only, unless told otherwise", () => {
    expect(loadConfig({}).verifiedHandlesOnly).toBe(false);
    expect(loadConfig(productionEnv).verifiedHandlesOnly).toBe(true);
    expect(loadConfig({ ...productionEnv, VERIFIED_HANDLES_ONLY: "false" }).verifiedHandlesOnly).toBe(false);
    expect(loadConfig({ VERIFIED_HANDLES_ONLY: "true" }).verifiedHandlesOnly).toBe(true);
  });

  it("seeds the demo outside production only, unless told otherwise", () => {
    expect(loadConfig({ NODE_ENV: "test" }).seedDemo).toBe(true);
    expect(loadConfig(productionEnv).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(loadConfig({ ...productionEnv, SEED_DEMO: "1" }).seedDemo).toBe(true);
  });

  it("derives the public origin from PORT and drops a trailing slash from APP_URL", () => {
    expect(loadConfig({ PORT: "4000" })).toMatchObject({ port: 4000, appUrl: "http://localhost:4000" });
    expect(loadConfig({ APP_URL: "https://boutique.example.fr/" }).appUrl).toBe(
      "https://boutique.example.fr",
    );
  });

  it("reads booleans and multi-line addresses from text", () => {
    const config = loadConfig({ SEED_DEMO: "false", SHOP_POSTAL_ADDRESS: "Maison\\n1 rue X\\n75001 Paris" });
    expect(config.seedDemo).toBe(false);
    expect(config.shop.postalAddress).toBe("Maison\n1 rue X\n75001 Paris");
  });

  it.each([
    ["false", false],
    ["0", false],
    ["true", 1],
    ["2", 2],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, loopback, ::1", ["10.0.0.0/8", "loopback", "::1"]],
  ])("trusts only the configured proxies: TRUST_PROXY=%j", (value, trusted) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trusted);
  });

  it("never trusts every hop", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(configErrorOf({ TRUST_PROXY: "everyone" }).message).toContain("TRUST_PROXY");
  });

  it("keeps the default sign-in limits when AUTH_RATE_LIMITS is unset or empty", () => {
    expect(loadConfig({}).authRateLimits).toEqual(defaultAuthRateLimits);
    expect(loadConfig(productionEnv).authRateLimits).toEqual(defaultAuthRateLimits);
    expect(loadConfig({ AUTH_RATE_LIMITS: " " }).authRateLimits).toEqual(defaultAuthRateLimits);
  });

  it("overrides the named sign-in limits and keeps the others", () => {
    const { authRateLimits } = loadConfig({
      AUTH_RATE_LIMITS: "adminSignInPerIp=1000/60, adminFailuresPerAccountAndIp = 100/900,",
    });
    expect(authRateLimits).toEqual({
      ...defaultAuthRateLimits,
      adminSignInPerIp: { max: 1000, windowSeconds: 60 },
      adminFailuresPerAccountAndIp: { max: 100, windowSeconds: 900 },
    });
    expect(defaultAuthRateLimits.adminSignInPerIp).toEqual({ max: 30, windowSeconds: 60 });
  });

  it("refuses an unknown sign-in limit and lists the known ones", () => {
    const error = configErrorOf({ AUTH_RATE_LIMITS: "adminSignInPerIp=10/60,adminSigninPerIp=10/60" });
    expect(error.message).toMatch(/^Invalid settings/);
    expect(error.message).toContain('AUTH_RATE_LIMITS: unknown rule "adminSigninPerIp"');
    expect(error.message).toContain("adminFailuresPerAccount");
  });

  it.each([
    "adminSignInPerIp=abc/60",
    "adminSignInPerIp=10",
    "adminSignInPerIp=0/60",
    "adminSignInPerIp=10/-1",
    "adminSignInPerIp=1.5/60",
    "adminSignInPerIp=10/60=3",
    "adminSignInPerIp=9999999999/60",
  ])("refuses the rule in AUTH_RATE_LIMITS=%j", (value) => {
    const error = configErrorOf({ AUTH_RATE_LIMITS: value });
    expect(error.message).toContain("AUTH_RATE_LIMITS");
    expect(error.message).toContain("expected adminSignInPerIp=max/windowSeconds");
  });

  it("refuses a sign-in limit given twice", () => {
    const error = configErrorOf({ AUTH_RATE_LIMITS: "verifyPerIp=10/60,verifyPerIp=20/60" });
    expect(error.message).toContain('rule "verifyPerIp" is given more than once');
  });

  it.each(["abc", "70000", "-1", "3.5"])("refuses PORT=%j and names it", (port) => {
    const error = configErrorOf({ PORT: port });
    expect(error.message).toMatch(/^Invalid settings/);
    expect(error.message).toContain("PORT");
  });

  it("keeps the payment limits' defaults, overrides the named ones and refuses unknown ones", () => {
    expect(loadConfig({}).paymentRateLimits).toEqual(defaultPaymentRateLimits);
    expect(loadConfig({ PAYMENT_RATE_LIMITS: "formTokenPerCustomer=5/60" }).paymentRateLimits).toEqual({
      ...defaultPaymentRateLimits,
      formTokenPerCustomer: { max: 5, windowSeconds: 60 },
    });
    expect(configErrorOf({ PAYMENT_RATE_LIMITS: "formTokens=5/60" }).message).toContain(
      'PAYMENT_RATE_LIMITS: unknown rule "formTokens" (known rules: formTokenPerCustomer, statusCheckPerCustomer)',
    );
  });

  it("names every invalid setting at once", () => {
    const error = configErrorOf({ PORT: "abc", TRUST_PROXY: "yes", PAYMENT_PROVIDER: "paypal" });
    expect(error.message).toContain("PORT");
    expect(error.message).toContain("TRUST_PROXY");
    expect(error.message).toContain("PAYMENT_PROVIDER");
  });

  it("needs the four Lyra keys when PAYMENT_PROVIDER=lyra, and checks their shape", () => {
    expect(loadConfig({}).lyra).toBeUndefined();
    expect(() => loadConfig({ PAYMENT_PROVIDER: "lyra" })).toThrow(
      "PAYMENT_PROVIDER=lyra needs these settings: LYRA_SHOP_ID, LYRA_PASSWORD, LYRA_PUBLIC_KEY, LYRA_HMAC_KEY",
    );
    const lyra = {
      PAYMENT_PROVIDER: "lyra",
      LYRA_SHOP_ID: "69876357",
      LYRA_PASSWORD: "testpassword_DEMOPRIVATEKEY23G4475zXZQ2UA5x7M",
      LYRA_PUBLIC_KEY: "69876357:testpublickey_DEMOPUBLICKEY95me92597fd28tGD4r5",
      LYRA_HMAC_KEY: "38453613e7f44dc58732bad3dca2bca3",
      LYRA_API_URL: "https://api.systempay.fr/",
    };
    expect(loadConfig(lyra).lyra).toEqual({
      shopId: "69876357",
      password: lyra.LYRA_PASSWORD,
      publicKey: lyra.LYRA_PUBLIC_KEY,
      hmacKey: lyra.LYRA_HMAC_KEY,
      apiUrl: "https://api.systempay.fr",
      staticUrl: "https://static.payzen.eu",
      answerTimeoutMs: 15_000,
    });
    expect(() => loadConfig({ ...lyra, LYRA_PASSWORD: "DEMOPRIVATEKEY" })).toThrow("LYRA_PASSWORD");
    expect(() => loadConfig({ ...lyra, LYRA_PUBLIC_KEY: "testpublickey_x" })).toThrow("LYRA_PUBLIC_KEY");
  });

  it("waits LYRA_TIMEOUT_MS for Lyra's answer: 15 s by default, 100 ms to 2 minutes", () => {
    const lyra = { PAYMENT_PROVIDER: "lyra", ...LYRA_DEMO_KEYS };
    expect(loadConfig(lyra).lyra?.answerTimeoutMs).toBe(15_000);
    expect(loadConfig({ ...lyra, LYRA_TIMEOUT_MS: "2500" }).lyra?.answerTimeoutMs).toBe(2_500);
    for (const wrong of ["99", "120001", "1,5", "abc"])
      expect(() => loadConfig({ ...lyra, LYRA_TIMEOUT_MS: wrong })).toThrow("LYRA_TIMEOUT_MS");
  });

  it("needs the Colissimo account when LABEL_PROVIDER=colissimo", () => {
    expect(loadConfig({}).colissimo).toBeUndefined();
    expect(() => loadConfig({ LABEL_PROVIDER: "colissimo" })).toThrow(
      "LABEL_PROVIDER=colissimo needs these settings: COLISSIMO_CONTRACT_NUMBER, COLISSIMO_PASSWORD",
    );
    const colissimo = {
      LABEL_PROVIDER: "colissimo",
      COLISSIMO_CONTRACT_NUMBER: "123456",
      COLISSIMO_PASSWORD: "secret",
    };
    expect(loadConfig(colissimo).colissimo).toEqual({
      contractNumber: "123456",
      password: "secret",
      apiUrl: "https://ws.colissimo.fr/sls-ws/SlsServiceWSRest/2.0",
    });
    expect(
      loadConfig({ ...colissimo, COLISSIMO_API_URL: "http://127.0.0.1:9000/sls/" }).colissimo?.apiUrl,
    ).toBe("http://127.0.0.1:9000/sls");
    expect(() => loadConfig({ ...colissimo, COLISSIMO_CONTRACT_NUMBER: "abc" })).toThrow(
      "COLISSIMO_CONTRACT_NUMBER",
    );
  });

  it("keeps files under DATA_DIR unless STORAGE_DIR says where", () => {
    expect(loadConfig({}).storageDir).toBe("data/files");
    expect(loadConfig({ DATA_DIR: "/srv/vitrine" }).storageDir).toBe("/srv/vitrine/files");
    expect(loadConfig({ STORAGE_DIR: "/mnt/labels" }).storageDir).toBe("/mnt/labels");
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it("needs the bucket, region and keys for STORAGE=s3, and checks them", () => {
    const s3 = {
      STORAGE: "s3",
      S3_BUCKET: "vitrine",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "vitrine",
      S3_SECRET_ACCESS_KEY: "vitrine-minio-secret",
    };
    expect(configErrorOf({ STORAGE: "s3" }).message).toBe(
      "STORAGE=s3 needs these settings: S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY",
    );
    const { S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = s3;
    expect(configErrorOf({ ...productionEnv, ...withoutSecret }).message).toBe(
      "STORAGE=s3 needs these settings: S3_SECRET_ACCESS_KEY",
    );
    expect(loadConfig({ ...productionEnv, ...s3 }).s3).toEqual({
      bucket: "vitrine",
      region: "us-east-1",
      endpoint: undefined,
      accessKeyId: "vitrine",
      secretAccessKey: "vitrine-minio-secret",
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: "http://minio:9000/", S3_FORCE_PATH_STYLE: "true" }).s3,
    ).toMatchObject({ endpoint: "http://minio:9000", forcePathStyle: true });
    const invalid = configErrorOf({
      ...s3,
      S3_BUCKET: "Mon_Bucket",
      S3_REGION: "Paris",
      S3_ENDPOINT: "minio:9000",
      S3_FORCE_PATH_STYLE: "yes",
    }).message;
    for (const name of ["S3_BUCKET", "S3_REGION", "S3_ENDPOINT", "S3_FORCE_PATH_STYLE"]) {
      expect(invalid).toContain(`  - ${name}: `);
    }
  });

  it("reads the server's and the pages' Sentry DSNs, empty meaning none, and refuses what is not a DSN", () => {
    const dsn = "https://abc123@o1.ingest.sentry.io/42";
    expect(loadConfig({})).toMatchObject({ sentryDsn: undefined, browserSentryDsn: undefined });
    expect(loadConfig({ SENTRY_DSN: "", VITE_SENTRY_DSN: "" })).toMatchObject({
      sentryDsn: undefined,
      browserSentryDsn: undefined,
    });
    expect(loadConfig({ SENTRY_DSN: dsn, VITE_SENTRY_DSN: dsn })).toMatchObject({
      sentryDsn: dsn,
      browserSentryDsn: dsn,
    });
    expect(() => loadConfig({ SENTRY_DSN: "abc123" })).toThrow("SENTRY_DSN: expected a Sentry DSN");
    expect(() => loadConfig({ VITE_SENTRY_DSN: "https://o1.ingest.sentry.io/42" })).toThrow(
      "VITE_SENTRY_DSN",
    );
  });

  it("refuses a short AUTH_SECRET", () => {
    expect(configErrorOf({ AUTH_SECRET: "short" }).message).toContain("AUTH_SECRET");
  });

  it("requires APP_URL, DATABASE_URL, AUTH_SECRET and SMTP_URL in production", () => {
    const error = configErrorOf({ NODE_ENV: "production" });
    expect(error.message).toBe(
      "Missing settings required in production: APP_URL, DATABASE_URL, AUTH_SECRET, SMTP_URL",
    );
  });

  it.each(["APP_URL", "DATABASE_URL", "AUTH_SECRET", "SMTP_URL"] as const)(
    "names only what is missing in production (%s)",
    (name) => {
      const env: Record<string, string> = { ...productionEnv };
      delete env[name];
      expect(configErrorOf(env).message).toBe(`Missing settings required in production: ${name}`);
    },
  );

  it("refuses the public demo administrator password in production, and only there", () => {
    expect(configErrorOf({ ...productionEnv, ADMIN_PASSWORD: DEMO_ADMIN.password }).message).toBe(
      "ADMIN_PASSWORD is the public demo password: choose another one in production",
    );
    expect(loadConfig({ ...productionEnv, ADMIN_PASSWORD: "a-real-secret-password" }).adminPassword).toBe(
      "a-real-secret-password",
    );
    expect(loadConfig({ ADMIN_PASSWORD: DEMO_ADMIN.password }).adminPassword).toBe(DEMO_ADMIN.password);
  });

  it("gives live sources the public demo token outside production, and refuses it in production", () => {
    expect(loadConfig({}).liveIngestToken).toBe(DEMO_LIVE_INGEST_TOKEN);
    expect(loadConfig(productionEnv).liveIngestToken).toBeUndefined();
    expect(configErrorOf({ ...productionEnv, LIVE_INGEST_TOKEN: DEMO_LIVE_INGEST_TOKEN }).message).toBe(
      "LIVE_INGEST_TOKEN is the public demo token: choose another one in production",
    );
    const token = "a-long-random-ingestion-token-for-production";
    expect(loadConfig({ ...productionEnv, LIVE_INGEST_TOKEN: token }).liveIngestToken).toBe(token);
  });

  it.each(["", "short-token"])("refuses an empty or short LIVE_INGEST_TOKEN (%j)", (token) => {
    expect(configErrorOf({ LIVE_INGEST_TOKEN: token }).message).toContain("LIVE_INGEST_TOKEN");
    expect(configErrorOf({ ...productionEnv, LIVE_INGEST_TOKEN: token }).message).toContain(
      "LIVE_INGEST_TOKEN",
    );
  });

  it("requires PAYMENT_PROVIDER in production, and keeps the simulator as the default elsewhere", () => {
    const { PAYMENT_PROVIDER: _provider, ...withoutProvider } = productionEnv;
    expect(configErrorOf(withoutProvider).message).toBe(
      "PAYMENT_PROVIDER is required in production: set PAYMENT_PROVIDER=lyra and the shop's LYRA_ keys",
    );
    expect(loadConfig({ NODE_ENV: "development" }).paymentProvider).toBe("simulator");
    expect(loadConfig({ NODE_ENV: "test" }).paymentProvider).toBe("simulator");
  });

  it("refuses the payment simulator in production, and only there", () => {
    expect(configErrorOf({ ...productionEnv, PAYMENT_PROVIDER: "simulator" }).message).toBe(
      "PAYMENT_PROVIDER=simulator takes no real payment: production needs PAYMENT_PROVIDER=lyra",
    );
    expect(loadConfig({ PAYMENT_PROVIDER: "simulator" }).paymentProvider).toBe("simulator");
  });

  it.each(Object.entries(LYRA_DEMO_KEYS))(
    "refuses Lyra's published demo key %s in production, naming it",
    (name, demoValue) => {
      const env = { ...productionEnv, [name]: demoValue };
      const message = configErrorOf(env).message;
      expect(message).toBe(
        `${name}: Lyra's published demo shop, refused in production: use your shop's own keys`,
      );
      expect(loadConfig({ ...env, NODE_ENV: "test" }).lyra).toBeDefined();
    },
  );

  it("names every demo key given at once", () => {
    expect(configErrorOf({ ...productionEnv, ...LYRA_DEMO_KEYS }).message).toBe(
      "LYRA_SHOP_ID, LYRA_PASSWORD, LYRA_PUBLIC_KEY, LYRA_HMAC_KEY: Lyra's published demo shop, refused in production: use your shop's own keys",
    );
  });

  it("accepts a complete production environment", () => {
    const config = loadConfig(productionEnv);
    expect(config).toMatchObject({
      isProduction: true,
      appUrl: "https://boutique.example.fr",
      databaseUrl: "postgres://vitrine@db.internal/vitrine",
      smtpUrl: "smtp://mail.internal:587",
      logLevel: "info",
      paymentProvider: "lyra",
    });
    expect(config.lyra?.password).toBe("prodpassword_k3y0fth1ssh0p");
  });
});
