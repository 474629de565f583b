import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";
import { paths } from "../../lib/paths";

/** Sign-up, sign-in and sign-out pages, all public. */
export const authRoutes: RouteObject[] = [
  {
    path: paths.home.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/landing-page")).LandingPage })),
  },
  {
    path: paths.login.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/login-page")).LoginPage })),
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
