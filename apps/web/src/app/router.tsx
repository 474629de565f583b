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
            path: "mentions-legales",
            element: <ContentPage key="mentions-legales" code="mentions-legales" />,
          },
          { path: "cgv", element: <ContentPage key="cgv" code="cgv" /> },
          { path: "contact", element: <ContactPage /> },
          { path: "login", element: <LoginPage /> },
          { path: "logout", element: <LogoutPage /> },
          { path: "signup", element: <SignupPage /> },
          { path: "auth/verify", element: <VerifyMagicLinkPage /> },
          { path: "admin/login", element: <AdminLoginPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
      {
        path: "customer/faq",
        element: <SessionAwareLayout />,
        children: [{ index: true, element: <FaqPage /> }],
      },
      {
        element: <RequireCustomer />,
        children: [
          {
            element: <CustomerShell />,
            children: [
              { path: "customer", element: <Navigate to="/customer/orders" replace /> },
              { path: "customer/orders", element: <OrdersPage /> },
              { path: "customer/order/:id", element: <OrderPage /> },
              { path: "customer/profile", element: <ProfilePage /> },
              { path: "payment/:id", element: <PaymentPage /> },
            ],
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            path: "admin",
            element: <AdminShell />,
            children: [
              { index: true, element: <AdminDashboardPage /> },
              ...upcomingAdminSections.map(({ path, title }) => ({
                path,
                element: <AdminSectionPlaceholderPage key={path} title={title} />,
              })),
            ],
          },
          { path: "admin/live-order-sidebar", element: <LiveOrderSidebarPage /> },
        ],
      },
    ],
  },
]);
