import { NO_ACCOUNT_YET, shownEmail, userDisplayName, userFullName, type AdminUser } from "@vitrine/domain";
import { format } from "date-fns";
import { CheckIcon, Link2Icon, LogInIcon, MailIcon, MergeIcon, PencilIcon, XIcon } from "lucide-react";
import { Link } from "react-router";
import type { ColumnDef } from "../../../components/data-table";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { IconButton } from "../../../components/ui/icon-button";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { HandleNotVerifiedBadge, UnpaidHoldsBadge } from "../../admin-shared/components/handle-trust-badges";

/** The two accounts picked for the merge page's link. */
export interface MergeSelection {
  source: string | null;
  destination: string | null;
}

export interface UserColumnsOptions {
  selection: MergeSelection;
  onSelect: (selection: MergeSelection) => void;
  onShowOrders: (user: AdminUser) => void;
  onEdit: (user: AdminUser) => void;
  /** 'Comptes de live': the user's YouTube, Facebook and Instagram accounts, linked by hand. */
  onLiveAccounts: (user: AdminUser) => void;
  onImpersonate: (user: AdminUser) => void;
  onMessage: (user: AdminUser) => void;
}

/** Each blank says what is missing, in French. */
const NO_EMAIL = "E-mail non renseigné";
const NO_HANDLE = "Aucun pseudo";
const NEVER_SIGNED_IN = "Jamais";

/** The users list's columns (spec section 2): the search runs on the page, so none is global-filtered. */
export function userColumns(options: UserColumnsOptions): ColumnDef<AdminUser>[] {
  const { selection, onSelect } = options;
  const pick = (role: keyof MergeSelection, user: AdminUser, checked: boolean) =>
    onSelect({ ...selection, [role]: checked ? user.id : null });

  return [
    {
      // Name and e-mail share a column, and long addresses wrap: the row's actions stay in view at
      // 1280 px (a back office on a laptop) instead of being pushed out of the table's box.
      id: "name",
      header: "Utilisateur",
      accessorFn: (user) => userFullName(user) || user.displayName || "",
      cell: ({ row, getValue }) => (
        <div className="flex min-w-32 flex-col">
          <span className="font-medium">{String(getValue()) || "—"}</span>
          <span className="text-xs break-all text-muted-foreground">
            {shownEmail(row.original.email) ?? (row.original.hasAccount ? NO_EMAIL : NO_ACCOUNT_YET)}
          </span>
        </div>
      ),
    },
    {
      id: "tiktok",
      header: "Pseudo TikTok",
      accessorFn: (user) => user.tiktokUsername ?? "",
      cell: ({ row }) =>
        row.original.tiktokUsername ? (
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="break-all">@{row.original.tiktokUsername}</span>
            {/* A live viewer without an account has no code to comment. */}
            {row.original.hasAccount ? (
              <HandleNotVerifiedBadge verified={row.original.handleVerified} />
            ) : null}
            {/* Beside the handle rather than in a column of its own: the row's actions stay in view. */}
            <UnpaidHoldsBadge count={row.original.unpaidHolds} />
          </span>
        ) : (
          <span className="text-muted-foreground">{NO_HANDLE}</span>
        ),
    },
    {
      id: "account",
      header: "Compte",
      accessorFn: (user) => user.hasAccount,
      cell: ({ row }) =>
        row.original.hasAccount ? (
          <CheckIcon className="size-5 text-green-700" role="img" aria-label="Compte de connexion actif" />
        ) : (
          <XIcon className="size-5 text-red-700" role="img" aria-label="Aucun compte de connexion" />
        ),
    },
    {
      id: "orders",
      header: "Commandes",
      accessorFn: (user) => user.ordersCount,
      cell: ({ row }) => {
        const user = row.original;
        if (user.ordersCount === 0) return <span className="text-muted-foreground">0</span>;
        return (
          <Button
            type="button"
            variant="link"
            className="h-auto p-0"
            aria-label={`Voir les commandes de ${userDisplayName(user)} (${user.ordersCount})`}
            onClick={() => options.onShowOrders(user)}
          >
            {user.ordersCount}
          </Button>
        );
      },
    },
    {
      id: "createdAt",
      header: "Dates",
      accessorFn: (user) => user.createdAt,
      cell: ({ row }) => (
        <dl className="flex flex-col text-xs">
          <div>
            <dt className="inline text-muted-foreground">Créé le </dt>
            <dd className="inline whitespace-nowrap">
              {format(new Date(row.original.createdAt), "dd/MM/yyyy")}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Dernière connexion</dt>
            <dd className="whitespace-nowrap">
              {row.original.lastSignInAt ? formatDateTime(row.original.lastSignInAt) : NEVER_SIGNED_IN}
            </dd>
          </div>
        </dl>
      ),
    },
    {
      id: "merge",
      header: "Fusion",
      enableSorting: false,
      cell: ({ row }) => {
        const user = row.original;
        const sourceId = `merge-source-${user.id}`;
        const destinationId = `merge-destination-${user.id}`;
        return (
          <div className="flex flex-col gap-1.5 text-xs whitespace-nowrap">
            <div className="flex items-center gap-1.5">
              <Checkbox
                id={sourceId}
                aria-label={`Choisir ${userDisplayName(user)} comme source de la fusion`}
                checked={selection.source === user.id}
                disabled={user.ordersCount === 0}
                onCheckedChange={(checked) => pick("source", user, checked === true)}
              />
              <label htmlFor={sourceId}>Source</label>
            </div>
            <div className="flex items-center gap-1.5">
              <Checkbox
                id={destinationId}
                aria-label={`Choisir ${userDisplayName(user)} comme destination de la fusion`}
                checked={selection.destination === user.id}
                onCheckedChange={(checked) => pick("destination", user, checked === true)}
              />
              <label htmlFor={destinationId}>Destination</label>
            </div>
          </div>
        );
      },
    },
    {
      id: "actions",
      header: "Actions",
      enableSorting: false,
      cell: ({ row }) => {
        const user = row.original;
        return (
          <div className="grid w-max grid-cols-2 gap-1">
            <IconButton
              label="Modifier l'utilisateur"
              icon={PencilIcon}
              className="size-9"
              onClick={() => options.onEdit(user)}
            />
            <Button asChild variant="ghost" size="icon" className="size-9">
              <Link
                to={paths.admin.userMerge({ source: user.id })}
                aria-label="Fusionner les commandes avec un autre utilisateur"
                title="Fusionner les commandes avec un autre utilisateur"
              >
                <MergeIcon aria-hidden />
              </Link>
            </Button>
            <IconButton
              label="Se connecter en tant que cet utilisateur"
              icon={LogInIcon}
              className="size-9"
              onClick={() => options.onImpersonate(user)}
            />
            <IconButton
              label="Envoyer un message"
              icon={MailIcon}
              className="size-9"
              onClick={() => options.onMessage(user)}
            />
            <IconButton
              label="Comptes de live"
              icon={Link2Icon}
              className="size-9"
              onClick={() => options.onLiveAccounts(user)}
            />
          </div>
        );
      },
    },
  ];
}
