import { LogOutIcon, MenuIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { Button } from "../components/ui/button";
import { adminMenu, isAdminEntryActive } from "./admin-sections";
import { cn } from "../lib/cn";
import { paths } from "../lib/paths";
import { useSessionState } from "../lib/session";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";

const SIDEBAR_ID = "admin-navigation";

export function AdminShell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSessionState();
  const [menuOpen, setMenuOpen] = useState(false);
  const email = session.status === "ready" ? session.user?.email : undefined;

  return (
    <div className="min-h-dvh md:flex">
      <SkipLink />
      <div className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-border bg-background px-4 md:hidden">
        <Link to={paths.admin.home()} className="text-lg font-bold text-primary">
          Vitrine
        </Link>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={menuOpen}
          aria-controls={SIDEBAR_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
          Menu
        </Button>
      </div>
      <aside
        id={SIDEBAR_ID}
        className={cn(
          "border-b border-border bg-background md:sticky md:top-0 md:flex md:h-dvh md:w-60 md:shrink-0 md:flex-col md:border-r md:border-b-0",
          menuOpen ? "flex flex-col" : "hidden",
        )}
      >
        <div className="hidden h-16 items-center px-5 md:flex">
          <Link to={paths.admin.home()} className="text-xl font-bold text-primary">
            Vitrine
          </Link>
        </div>
        <nav aria-label="Menu d'administration" className="flex-1 overflow-y-auto px-3 py-2">
          <ul className="flex flex-col gap-1">
            {adminMenu.map((entry) => {
              const active = isAdminEntryActive(entry, pathname);
              const Icon = entry.icon;
              return (
                <li key={entry.to}>
                  <Link
                    to={entry.to}
                    aria-current={active ? "page" : undefined}
                    onClick={() => setMenuOpen(false)}
                    className={cn(
                      "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2",
                      active
                        ? "bg-secondary text-secondary-foreground"
                        : "text-muted-foreground hover:bg-muted hover:text-foreground",
                    )}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {entry.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex flex-col gap-2 border-t border-border p-3">
          {email ? <p className="truncate px-2 text-xs text-muted-foreground">{email}</p> : null}
          <Button type="button" variant="outline" size="sm" onClick={() => void navigate(paths.logout())}>
            <LogOutIcon aria-hidden="true" />
            Se déconnecter
          </Button>
        </div>
      </aside>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-6 outline-none md:px-8 md:py-8"
      >
        <Outlet />
      </main>
    </div>
  );
}
