import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";
import { paths } from "../../lib/paths";
import { LoginPage } from "./pages/login-page";

/** Sign-up, sign-in and sign-out pages, all public. */
export const authRoutes: RouteObject[] = [
  {
    path: paths.home.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/landing-page")).LandingPage })),
  },
  {
    path: paths.login.pattern,
    // Where a customer coming from a live lands: shipped in the entry file, not a chunk of its own
    // (decision 013).
    element: <LoginPage />,
  },
  {
    path: paths.logout.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/logout-page")).LogoutPage })),
  },
  {
    path: paths.signup.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/signup-page")).SignupPage })),
  },
  {
    path: paths.verifyMagicLink.pattern,
    element: lazyPage(async () => ({
      Component: (await import("./pages/verify-magic-link-page")).VerifyMagicLinkPage,
    })),
  },
  {
    path: paths.admin.login.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/admin-login-page")).AdminLoginPage })),
  },
];
