import { Navigate, type RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";
import { paths } from "../../lib/paths";
import { OrdersPage } from "./pages/orders-page";

/** The signed-in customer's pages, inside the customer frame. */
export const customerRoutes: RouteObject[] = [
  { path: paths.customer.home.pattern, element: <Navigate to={paths.customer.orders()} replace /> },
  {
    path: paths.customer.orders.pattern,
    // The other page customers land on: in the entry file too (decision 013).
    element: <OrdersPage />,
  },
  {
    path: paths.customer.live.pattern,
    element: lazyPage(async () => ({ Component: (await import("./pages/live-page")).LivePage })),
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
