import { describe, expect, it } from "vitest";
import { LIVE_EVENT_TYPES, liveEventTypeLabel, liveSellingMessages, sidebarHandle } from "./live-selling";

describe("the sidebar's handle (spec §5: lowercased and trimmed)", () => {
  it.each([
    [" @MaRie ", "marie"],
    ["Marie.Dpt", "marie.dpt"],
    ["@ sosso_mode ", "sosso_mode"],
    ["lea_live", "lea_live"],
  ])("turns %j into %j", (typed, handle) => {
    expect(sidebarHandle(typed)).toBe(handle);
  });

  it("leaves nothing of a blank entry or a lone @, which the add refuses", () => {
    for (const typed of ["", "   ", "@", " @ "]) expect(sidebarHandle(typed)).toBe("");
  });

  it("keeps the spec's texts word for word", () => {
    expect(liveSellingMessages).toMatchObject({
      productAndHandleRequired: "Veuillez sélectionner un produit et indiquer un pseudo",
      liveNotActive: "Ce live n'est pas actif",
      added: "Produit ajouté à la commande avec succès",
      itemDeleted: "Article supprimé avec succès",
    });
  });
});

describe("event types as staff read them", () => {
  it("names every type a source sends in French, and TikTok's subscription", () => {
    expect(LIVE_EVENT_TYPES.map(liveEventTypeLabel)).toEqual(["Commentaire", "Arrivée", "Cadeau", "J'aime"]);
    expect(liveEventTypeLabel("subscribe")).toBe("Abonnement");
  });

  it("never shows a raw English type alone, nor reads the object's own keys", () => {
    expect(liveEventTypeLabel("share")).toBe("Autre (share)");
    expect(liveEventTypeLabel("toString")).toBe("Autre (toString)");
  });
});
