import { createBrowserRouter, Navigate } from "react-router";
import { upcomingAdminSections } from "../features/admin/admin-sections";
import { AdminDashboardPage } from "../features/admin/pages/admin-dashboard-page";
import { AdminSectionPlaceholderPage } from "../features/admin/pages/admin-section-placeholder-page";
import { LiveOrderSidebarPage } from "../features/admin/pages/live-order-sidebar-page";
import { AdminLoginPage } from "../features/auth/pages/admin-login-page";
import { LandingPage } from "../features/auth/pages/landing-page";
import { LoginPage } from "../features/auth/pages/login-page";
import { LogoutPage } from "../features/auth/pages/logout-page";
import { SignupPage } from "../features/auth/pages/signup-page";
import { VerifyMagicLinkPage } from "../features/auth/pages/verify-magic-link-page";
import { ContactPage } from "../features/contact/pages/contact-page";
import { OrderPage } from "../features/customer/pages/order-page";
import { OrdersPage } from "../features/customer/pages/orders-page";
import { PaymentPage } from "../features/customer/pages/payment-page";
import { ProfilePage } from "../features/customer/pages/profile-page";
import { FaqPage } from "../features/faq/pages/faq-page";
import { ContentPage } from "../features/pages/pages/content-page";
import { paths } from "../lib/paths";
import { AdminShell } from "./admin-shell";
import { CustomerShell } from "./customer-shell";
import { RequireAdmin, RequireCustomer } from "./guards";
import { NotFoundPage } from "./not-found-page";
import { PublicLayout } from "./public-layout";
import { RootRoute } from "./root-route";
import { RouteErrorPage } from "./route-error-page";
import { SessionAwareLayout } from "./session-aware-layout";

export const router = createBrowserRouter([
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          {
            path: paths.legalNotice.pattern,
            element: <ContentPage key="mentions-legales" code="mentions-legales" />,
          },
          { path: paths.termsOfSale.pattern, element: <ContentPage key="cgv" code="cgv" /> },
          { path: paths.contact.pattern, element: <ContactPage /> },
          { path: paths.login.pattern, element: <LoginPage /> },
          { path: paths.logout.pattern, element: <LogoutPage /> },
          { path: paths.signup.pattern, element: <SignupPage /> },
          { path: paths.verifyMagicLink.pattern, element: <VerifyMagicLinkPage /> },
          { path: paths.admin.login.pattern, element: <AdminLoginPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        path: paths.customer.faq.pattern,
        element: <SessionAwareLayout />,
        children: [{ index: true, element: <FaqPage /> }],
      },
      {
        element: <RequireCustomer />,
        children: [
          {
            element: <CustomerShell />,
            children: [
              {
                path: paths.customer.home.pattern,
                element: <Navigate to={paths.customer.orders()} replace />,
              },
              { path: paths.customer.orders.pattern, element: <OrdersPage /> },
              { path: paths.customer.order.pattern, element: <OrderPage /> },
              { path: paths.customer.profile.pattern, element: <ProfilePage /> },
              { path: paths.payment.pattern, element: <PaymentPage /> },
            ],
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            path: paths.admin.home.pattern,
            element: <AdminShell />,
            children: [
              { index: true, element: <AdminDashboardPage /> },
              ...upcomingAdminSections.map(({ path, title }) => ({
                path,
                element: <AdminSectionPlaceholderPage key={path} title={title} />,
              })),
            ],
          },
          { path: paths.admin.liveOrderSidebar.pattern, element: <LiveOrderSidebarPage /> },
        ],
      },
    ],
  },
]);
