import { CircleHelpIcon, LogOutIcon, PackageIcon, RadioIcon, ShieldIcon, UserIcon } from "lucide-react";
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { Button } from "../components/ui/button";
import { ImpersonationBanner } from "../features/impersonation/impersonation-banner";
import { cn } from "../lib/cn";
import { paths } from "../lib/paths";
import { sessionUserDisplayName, useSessionState } from "../lib/session";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";

const navigation = [
  { to: paths.customer.orders(), label: "Commandes", icon: PackageIcon },
  { to: paths.customer.live(), label: "Live", icon: RadioIcon },
  { to: paths.customer.profile(), label: "Profil", icon: UserIcon },
  { to: paths.customer.faq(), label: "FAQ", icon: CircleHelpIcon },
] as const;

const NAVIGATION_LABEL = "Navigation de l'espace client";

/**
 * Frame of the signed-in customer's pages; its parent route makes sure someone is signed in. Phones
 * get the navigation as a bottom bar under the thumb, wider screens in the header.
 */
export function CustomerShell() {
  const session = useSessionState();
  const location = useLocation();
  const navigate = useNavigate();
  const user = session.status === "ready" ? session.user : null;

  if (!user) return <Navigate to={paths.login({ next: `${location.pathname}${location.search}` })} replace />;
  // Orders are matched to customers by their TikTok handle: without it nothing else makes sense.
  // The FAQ is public, so anyone signed in (an administrator has no handle) may read it.
  const readableWithoutHandle: string[] = [paths.customer.profile(), paths.customer.faq()];
  if (!user.tiktokUsername?.trim() && !readableWithoutHandle.includes(location.pathname)) {
    return <Navigate to={paths.customer.profile()} replace />;
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <ImpersonationBanner user={user} />
      <header className="sticky top-0 z-20 border-b border-border bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center gap-1 px-4 sm:gap-2">
          <p className="mr-auto shrink-0 text-base font-semibold whitespace-nowrap sm:text-lg desktop:mr-6">
            Mon espace
          </p>
          <nav aria-label={NAVIGATION_LABEL} className="mr-auto hidden desktop:block">
            <ul className="flex items-center gap-1">
              {navigation.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    className={({ isActive }) =>
                      cn(
                        "flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2",
                        isActive
                          ? "bg-secondary text-secondary-foreground"
                          : "text-muted-foreground hover:bg-muted hover:text-foreground",
                      )
                    }
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {user.isAdmin ? (
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.admin.home()}>
                <ShieldIcon aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Administration</span>
              </Link>
            </Button>
          ) : null}
          {/* Shrinks, and only then cuts the name, when the phone's header runs out of room. */}
          <Button asChild variant="ghost" size="sm" className="min-w-0 shrink">
            <Link to={paths.customer.profile()}>
              <UserIcon aria-hidden="true" />
              <span className="truncate">{sessionUserDisplayName(user)}</span>
            </Link>
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => void navigate(paths.logout())}>
            <LogOutIcon aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Se déconnecter</span>
          </Button>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-28 outline-none desktop:pt-10 desktop:pb-16"
      >
        <Outlet />
      </main>
      <nav
        aria-label={NAVIGATION_LABEL}
        className="fixed inset-x-0 bottom-0 z-20 border-t border-border bg-background pb-[env(safe-area-inset-bottom)] desktop:hidden"
      >
        <ul className="mx-auto grid max-w-3xl grid-cols-4">
          {navigation.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    "flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium focus-visible:outline-2 focus-visible:-outline-offset-2",
                    isActive ? "text-primary" : "text-muted-foreground hover:text-foreground",
                  )
                }
              >
                <Icon className="size-5" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
