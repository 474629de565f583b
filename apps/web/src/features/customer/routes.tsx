import { Navigate, type RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";
import { paths } from "../../lib/paths";

/** The signed-in customer's pages, inside the customer frame. */
export const customerRoutes: RouteObject[] = [
  { path: paths.customer.home.pattern, element: <Navigate to={paths.customer.orders()} replace /> },
  {
    path: paths.customer.orders.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/orders-page")).OrdersPage })),
  },
  {
    path: paths.customer.order.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/order-page")).OrderPage })),
  },
  {
    path: paths.customer.profile.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/profile-page")).ProfilePage })),
  },
  {
    path: paths.payment.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/payment-page")).PaymentPage })),
  },
];
