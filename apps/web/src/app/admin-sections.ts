import {
  BanknoteIcon,
  CircleHelpIcon,
  ClipboardCheckIcon,
  FileTextIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MailIcon,
  PaletteIcon,
  RadioIcon,
  SettingsIcon,
  ShirtIcon,
  ShoppingBagIcon,
  UsersIcon,
  VideoIcon,
} from "lucide-react";
import type { ComponentType } from "react";
import { matchPath } from "react-router";
import { type AppPath, paths } from "../lib/paths";

/** Loads a page's code only when someone opens it (React Router's `lazy`). */
export type LazyPage = () => Promise<{ Component: ComponentType }>;

/** A back office page, loaded on demand. */
export type AdminPage = {
  path: Pick<AppPath, "pattern">;
  /** Shown without the back office frame, beside the live stream. */
  fullScreen?: boolean;
  load: LazyPage;
};

/** A sidebar entry with its page and the pages reached from it, which keep it highlighted. */
export type AdminSection = AdminPage & {
  path: AppPath;
  label: string;
  icon: LucideIcon;
  subPages?: readonly AdminPage[];
};

/** The back office, in the order of the specification's sidebar: its menu and its routes. */
export const adminSections: readonly AdminSection[] = [
  {
    path: paths.admin.home,
    label: "Tableau de bord",
    icon: LayoutDashboardIcon,
    load: async () => ({
      Component: (await import("../features/admin-dashboard/pages/admin-dashboard-page")).AdminDashboardPage,
    }),
  },
  {
    path: paths.admin.users,
    label: "Utilisateurs",
    icon: UsersIcon,
    load: async () => ({ Component: (await import("../features/admin-users/pages/users-page")).UsersPage }),
    subPages: [
      {
        path: paths.admin.userMerge,
        load: async () => ({
          Component: (await import("../features/admin-users/pages/user-merge-page")).UserMergePage,
        }),
      },
      {
        path: paths.admin.auditLog,
        load: async () => ({
          Component: (await import("../features/admin-users/pages/audit-log-page")).AuditLogPage,
        }),
      },
    ],
  },
  {
    path: paths.admin.products,
    label: "Produits",
    icon: ShirtIcon,
    load: async () => ({
      Component: (await import("../features/admin-products/pages/products-page")).ProductsPage,
    }),
    subPages: [
      {
        path: paths.admin.bulkProducts,
        load: async () => ({
          Component: (await import("../features/admin-products/pages/bulk-products-page")).BulkProductsPage,
        }),
      },
    ],
  },
  {
    path: paths.admin.liveOrderSidebar,
    label: "Commande live",
    icon: RadioIcon,
    fullScreen: true,
    load: async () => ({
      Component: (await import("../features/admin-live-sidebar/pages/live-order-sidebar-page"))
        .LiveOrderSidebarPage,
    }),
  },
  {
    path: paths.admin.orders,
    label: "Commandes",
    icon: ShoppingBagIcon,
    load: async () => ({
      Component: (await import("../features/admin-orders/pages/orders-page")).OrdersPage,
    }),
    subPages: [
      {
        path: paths.admin.order,
        load: async () => ({
          Component: (await import("../features/admin-order-detail/pages/order-detail-page")).OrderDetailPage,
        }),
      },
    ],
  },
  {
    path: paths.admin.paymentReviews,
    label: "Paiements à vérifier",
    icon: BanknoteIcon,
    load: async () => ({
      Component: (await import("../features/admin-payment-reviews/pages/payment-reviews-page"))
        .PaymentReviewsPage,
    }),
  },
  {
    path: paths.admin.ordersPreparation,
    label: "Préparation",
    icon: ClipboardCheckIcon,
    load: async () => ({
      Component: (await import("../features/admin-preparation/pages/preparation-page")).PreparationPage,
    }),
  },
  {
    path: paths.admin.lives,
    label: "Lives",
    icon: VideoIcon,
    load: async () => ({ Component: (await import("../features/admin-lives/pages/lives-page")).LivesPage }),
    subPages: [
      {
        path: paths.admin.live,
        load: async () => ({
          Component: (await import("../features/admin-lives/pages/live-detail-page")).LiveDetailPage,
        }),
      },
    ],
  },
  {
    path: paths.admin.colors,
    label: "Couleurs",
    icon: PaletteIcon,
    load: async () => ({
      Component: (await import("../features/admin-products/pages/colors-page")).ColorsPage,
    }),
  },
  {
    path: paths.admin.faqs,
    label: "FAQs",
    icon: CircleHelpIcon,
    load: async () => ({ Component: (await import("../features/admin-content/pages/faqs-page")).FaqsPage }),
  },
  {
    path: paths.admin.messageTemplates,
    label: "Templates messages",
    icon: MailIcon,
    load: async () => ({
      Component: (await import("../features/admin-messages/pages/templates-page")).MessageTemplatesPage,
    }),
  },
  {
    path: paths.admin.pages,
    label: "Pages",
    icon: FileTextIcon,
    load: async () => ({ Component: (await import("../features/admin-content/pages/pages-page")).PagesPage }),
  },
  {
    path: paths.admin.settings,
    label: "Réglages",
    icon: SettingsIcon,
    load: async () => ({
      Component: (await import("../features/admin-settings/pages/shop-settings-page")).ShopSettingsPage,
    }),
  },
];

/** Every back office page, sidebar entries and the pages reached from them. */
export const adminPages: readonly AdminPage[] = adminSections.flatMap((section) => [
  section,
  ...(section.subPages ?? []),
]);

export interface AdminMenuEntry {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Patterns of the pages that highlight this entry: its own, and below it, its sub-pages'. */
  activeOn: readonly string[];
}

export const adminMenu: readonly AdminMenuEntry[] = adminSections.map((section) => ({
  to: section.path(),
  label: section.label,
  icon: section.icon,
  activeOn: [section.path.pattern, ...(section.subPages ?? []).map((page) => page.path.pattern)],
}));

export function isAdminEntryActive(entry: AdminMenuEntry, pathname: string): boolean {
  // The dashboard is the back office's root: every page sits below it, only its own URL counts.
  const end = entry.to === paths.admin.home();
  return entry.activeOn.some(
    (pattern) => matchPath({ path: pattern, end, caseSensitive: true }, pathname) !== null,
  );
}
