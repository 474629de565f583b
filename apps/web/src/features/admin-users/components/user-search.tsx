import { userMergeMessages, type UserMergeCandidate, shownEmail } from "@vitrine/domain";
import { useQueryClient } from "@tanstack/react-query";
import { SearchIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { BusyButton } from "../../../components/ui/busy-button";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../lib/toast";
import { userMergeSearchQueryOptions } from "../user-merge-api";
import { displayNameOf } from "./user-name";

export interface UserSearchProps {
  /** "source" or "destination", in the search box's label. */
  sideLabel: string;
  onSelect: (userId: string) => void;
}

/** The search box of a merge card and its results, each with a 'Sélectionner' button. */
export function UserSearch({ sideLabel, onSelect }: UserSearchProps) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<UserMergeCandidate[] | null>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    if (!query || searching) return;
    setSearching(true);
    try {
      const { users } = await queryClient.fetchQuery(userMergeSearchQueryOptions(query));
      setResults(users);
    } catch {
      setResults(null);
      toast.error(userMergeMessages.searchFailed);
    } finally {
      setSearching(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <form className="flex flex-col gap-2" onSubmit={(event) => void search(event)} role="search">
        <Label htmlFor={inputId}>Rechercher l'utilisateur {sideLabel}</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            type="search"
            placeholder="Email, pseudo TikTok ou nom"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <BusyButton
            type="submit"
            busy={searching}
            disabled={text.trim() === ""}
            icon={<SearchIcon aria-hidden />}
          >
            Rechercher
          </BusyButton>
        </div>
      </form>
      {results === null ? null : results.length === 0 ? (
        <p className="text-sm text-muted-foreground" role="status">
          {userMergeMessages.noSearchResult}
        </p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-border rounded-lg border border-border"
          aria-label={`Résultats pour l'utilisateur ${sideLabel}`}
        >
          {results.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="flex min-w-0 flex-col text-sm">
                <span className="font-medium">{displayNameOf(user)}</span>
                <span className="break-all text-muted-foreground">
                  {shownEmail(user.email) ?? "Pas d'email"}
                </span>
                <span className="text-muted-foreground">
                  {user.tiktokUsername ? `@${user.tiktokUsername}` : "Pas de pseudo TikTok"}
                </span>
              </div>
              <Button type="button" size="sm" variant="outline" onClick={() => onSelect(user.id)}>
                Sélectionner<span className="sr-only"> {displayNameOf(user)}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
