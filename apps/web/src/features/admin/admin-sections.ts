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
import { paths } from "../../lib/paths";

export interface AdminNavigationEntry {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Other pages that belong to this entry, for highlighting. */
  alsoActiveOn?: readonly string[];
}

/** The back office sidebar, in the order of the back-office specification. */
export const adminNavigation: readonly AdminNavigationEntry[] = [
  { to: paths.admin.home(), label: "Tableau de bord", icon: LayoutDashboardIcon },
  {
    to: paths.admin.users(),
    label: "Utilisateurs",
    icon: UsersIcon,
    alsoActiveOn: [paths.admin.userMerge()],
  },
  {
    to: paths.admin.products(),
    label: "Produits",
    icon: ShirtIcon,
    alsoActiveOn: [paths.admin.bulkProducts()],
  },
  { to: paths.admin.liveOrderSidebar(), label: "Commande live", icon: RadioIcon },
  { to: paths.admin.orders(), label: "Commandes", icon: ShoppingBagIcon },
  { to: paths.admin.ordersPreparation(), label: "Préparation", icon: ClipboardCheckIcon },
  { to: paths.admin.lives(), label: "Lives", icon: VideoIcon },
  { to: paths.admin.colors(), label: "Couleurs", icon: PaletteIcon },
  { to: paths.admin.faqs(), label: "FAQs", icon: CircleHelpIcon },
  { to: paths.admin.messageTemplates(), label: "Templates messages", icon: MailIcon },
  { to: paths.admin.pages(), label: "Pages", icon: FileTextIcon },
];

export function isAdminEntryActive(entry: AdminNavigationEntry, pathname: string): boolean {
  const owns = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  if (entry.to === paths.admin.home()) return pathname === entry.to || pathname === `${entry.to}/`;
  return owns(entry.to) || (entry.alsoActiveOn ?? []).some(owns);
}

/** Back office pages still to be built, with the title each shows meanwhile. */
export const upcomingAdminSections: readonly { path: string; title: string }[] = [
  { path: paths.admin.users.pattern, title: "Utilisateurs" },
  { path: paths.admin.userMerge.pattern, title: "Fusion de comptes utilisateurs" },
  { path: paths.admin.products.pattern, title: "Produits" },
  { path: paths.admin.bulkProducts.pattern, title: "Création de produits en série" },
  { path: paths.admin.orders.pattern, title: "Commandes" },
  { path: paths.admin.order.pattern, title: "Détail de la commande" },
  { path: paths.admin.ordersPreparation.pattern, title: "Préparation" },
  { path: paths.admin.lives.pattern, title: "Lives" },
  { path: paths.admin.live.pattern, title: "Détail du live" },
  { path: paths.admin.colors.pattern, title: "Couleurs" },
  { path: paths.admin.faqs.pattern, title: "FAQs" },
  { path: paths.admin.messageTemplates.pattern, title: "Templates messages" },
  { path: paths.admin.pages.pattern, title: "Pages" },
];
