import { MAGIC_LINK_LIFETIME_SECONDS } from "@vitrine/domain";
import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { magicLink } from "better-auth/plugins/magic-link";
import type { Database } from "../../db/client";
import { authAccounts, authSessions, authUsers, authVerifications } from "../../db/schema";
import type { SessionCookieSettings } from "./session-reader";

export type MagicLinkPurpose = "signup" | "login";

export interface AuthLibraryOptions {
  db: Database;
  secret: string;
  appUrl: string;
  useSecureCookies: boolean;
  sendMagicLink: (mail: {
    email: string;
    token: string;
    purpose: MagicLinkPurpose;
    /** The page the link brings the customer back to once signed in (checked when asked). */
    returnPath: string | null;
  }) => Promise<void>;
}

export const SESSION_LIFETIME_SECONDS = 7 * 24 * 3600;
export const SESSION_REFRESH_AGE_SECONDS = 24 * 3600;

/**
 * better-auth, used in process only: its HTTP handler is not mounted, so our own routes (validated,
 * rate-limited, listed in the authorization matrix) are the whole authentication surface.
 */
export function createAuthLibrary(options: AuthLibraryOptions) {
  return betterAuth({
    appName: "Vitrine",
    baseURL: options.appUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [options.appUrl],
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
      },
    }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 12 },
    session: { expiresIn: SESSION_LIFETIME_SECONDS, updateAge: SESSION_REFRESH_AGE_SECONDS },
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: options.useSecureCookies,
      cookiePrefix: "vitrine",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    telemetry: { enabled: false },
    logger: { disabled: true },
    plugins: [
      magicLink({
        storeToken: "hashed",
        expiresIn: MAGIC_LINK_LIFETIME_SECONDS,
        sendMagicLink: async ({ email, token, metadata }) => {
          const purpose: MagicLinkPurpose = metadata?.purpose === "signup" ? "signup" : "login";
          const returnPath = typeof metadata?.returnPath === "string" ? metadata.returnPath : null;
          await options.sendMagicLink({ email, token, purpose, returnPath });
        },
      }),
      admin({ impersonationSessionDuration: 3600 }),
    ],
  });
}

export type AuthLibrary = ReturnType<typeof createAuthLibrary>;

const SAME_SITE_VALUES = ["strict", "lax", "none"] as const;

/** The session cookie's name and attributes as better-auth writes it (its name depends on HTTPS). */
export async function sessionCookieSettings(auth: AuthLibrary): Promise<SessionCookieSettings> {
  return cookieSettingsOf((await auth.$context).authCookies.sessionToken);
}

/** The cookie where better-auth keeps an impersonating admin's own session, signed. */
export async function adminSessionCookieSettings(auth: AuthLibrary): Promise<SessionCookieSettings> {
  return cookieSettingsOf((await auth.$context).createAuthCookie("admin_session"));
}

function cookieSettingsOf({
  name,
  attributes,
}: {
  name: string;
  attributes: { httpOnly?: boolean; secure?: boolean; sameSite?: string; path?: string; domain?: string };
}): SessionCookieSettings {
  return {
    name,
    attributes: {
      httpOnly: attributes.httpOnly,
      secure: attributes.secure,
      sameSite: SAME_SITE_VALUES.find((value) => value === attributes.sameSite?.toLowerCase()),
      path: attributes.path,
      domain: attributes.domain,
    },
  };
}
