import {
  CircleHelpIcon,
  ClipboardCheckIcon,
  FileTextIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MailIcon,
  PaletteIcon,
  RadioIcon,
  ShirtIcon,
  ShoppingBagIcon,
  UsersIcon,
  VideoIcon,
} from "lucide-react";

export interface AdminNavigationEntry {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Other pages that belong to this entry, for highlighting. */
  alsoActiveOn?: readonly string[];
}

/** The back office sidebar, in the order of the back-office specification. */
export const adminNavigation: readonly AdminNavigationEntry[] = [
  { to: "/admin", label: "Tableau de bord", icon: LayoutDashboardIcon },
  { to: "/admin/users", label: "Utilisateurs", icon: UsersIcon, alsoActiveOn: ["/admin/user-merge"] },
  { to: "/admin/products", label: "Produits", icon: ShirtIcon, alsoActiveOn: ["/admin/bulk-products"] },
  { to: "/admin/live-order-sidebar", label: "Commande live", icon: RadioIcon },
  { to: "/admin/orders", label: "Commandes", icon: ShoppingBagIcon },
  { to: "/admin/orders-preparation", label: "Préparation", icon: ClipboardCheckIcon },
  { to: "/admin/lives", label: "Lives", icon: VideoIcon },
  { to: "/admin/colors", label: "Couleurs", icon: PaletteIcon },
  { to: "/admin/faqs", label: "FAQs", icon: CircleHelpIcon },
  { to: "/admin/message-templates", label: "Templates messages", icon: MailIcon },
  { to: "/admin/pages", label: "Pages", icon: FileTextIcon },
];

export function isAdminEntryActive(entry: AdminNavigationEntry, pathname: string): boolean {
  const owns = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  if (entry.to === "/admin") return pathname === "/admin" || pathname === "/admin/";
  return owns(entry.to) || (entry.alsoActiveOn ?? []).some(owns);
}

/**
 * Back office pages still to be built, with the title each shows meanwhile. Paths are relative to
 * /admin.
 */
export const upcomingAdminSections: readonly { path: string; title: string }[] = [
  { path: "users", title: "Utilisateurs" },
  { path: "user-merge", title: "Fusion de comptes utilisateurs" },
  { path: "products", title: "Produits" },
  { path: "bulk-products", title: "Création de produits en série" },
  { path: "orders", title: "Commandes" },
  { path: "orders/:id", title: "Détail de la commande" },
  { path: "orders-preparation", title: "Préparation" },
  { path: "lives", title: "Lives" },
  { path: "lives/:id", title: "Détail du live" },
  { path: "colors", title: "Couleurs" },
  { path: "faqs", title: "FAQs" },
  { path: "message-templates", title: "Templates messages" },
  { path: "pages", title: "Pages" },
];
