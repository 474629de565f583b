import { describe, expect, it } from "vitest";
import { mergeRefusal, userMergeMessages } from "./user-merge";

describe("mergeRefusal", () => {
  const ready = { sourceUserId: "a", destinationUserId: "b", sourceOrderCount: 2 };

  it("lets two different users merge when the source has orders", () => {
    expect(mergeRefusal(ready)).toBeNull();
  });

  it("asks for both sides first", () => {
    expect(mergeRefusal({ ...ready, sourceUserId: null })).toBe(userMergeMessages.sourceRequired);
    expect(mergeRefusal({ ...ready, destinationUserId: null })).toBe(userMergeMessages.destinationRequired);
  });

  it("refuses a user merged into itself, before looking at its orders", () => {
    expect(mergeRefusal({ ...ready, destinationUserId: "a", sourceOrderCount: 0 })).toBe(
      "Impossible de fusionner un utilisateur avec lui-même",
    );
  });

  it("refuses a source without orders, and waits while they load", () => {
    expect(mergeRefusal({ ...ready, sourceOrderCount: 0 })).toBe(
      "L'utilisateur source n'a aucune commande à transférer",
    );
    expect(mergeRefusal({ ...ready, sourceOrderCount: null })).toBeNull();
  });

  it("says how many orders moved, as the spec words it", () => {
    expect(userMergeMessages.merged(3)).toBe("Fusion réussie ! 3 commande(s) ont été transférées");
    expect(userMergeMessages.mergeFailed("Utilisateur introuvable")).toBe(
      "Erreur lors de la fusion: Utilisateur introuvable",
    );
  });
});
