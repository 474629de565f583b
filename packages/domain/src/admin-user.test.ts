import { describe, expect, it } from "vitest";
import {
  addresseeName,
  adminUserMessages,
  adminUserUpdateSchema,
  userDisplayName,
  userFullName,
  userMatchesSearch,
} from "./admin-user";
import { tiktokUsernameMessages } from "./tiktok-username";

const issuesOf = (input: unknown) =>
  adminUserUpdateSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

const valid = { firstName: "Julie", lastName: "Martin", tiktokUsername: "", isAdmin: false };

describe("admin user messages", () => {
  it("are the spec's French messages, word for word", () => {
    expect(adminUserMessages).toMatchObject({
      firstNameRequired: "Le prénom est requis",
      lastNameRequired: "Le nom est requis",
      updated: "Utilisateur modifié avec succès",
      updateFailed: "Erreur lors de la modification de l'utilisateur",
      loadFailed: "Impossible de charger les utilisateurs",
      empty: "Aucun utilisateur trouvé",
      noMatch: "Aucun utilisateur ne correspond à votre recherche",
      noOrders: "Aucune commande trouvée pour cet utilisateur.",
      noItems: "Aucun produit",
      ordersLoading: "Chargement de la commande...",
    });
  });
});

describe("the edit dialog's rules", () => {
  it("requires the first and last names, trimmed", () => {
    expect(issuesOf({ ...valid, firstName: "  ", lastName: undefined })).toEqual([
      ["firstName", "Le prénom est requis"],
      ["lastName", "Le nom est requis"],
    ]);
    expect(adminUserUpdateSchema.parse({ ...valid, firstName: " Julie " }).firstName).toBe("Julie");
  });

  it("saves an empty handle as none, and admin rights off by default", () => {
    expect(adminUserUpdateSchema.parse({ firstName: "Julie", lastName: "Martin" })).toEqual({
      firstName: "Julie",
      lastName: "Martin",
      tiktokUsername: null,
      isAdmin: false,
    });
    expect(adminUserUpdateSchema.parse({ ...valid, tiktokUsername: "  @ " }).tiktokUsername).toBeNull();
    expect(adminUserUpdateSchema.parse({ ...valid, tiktokUsername: null }).tiktokUsername).toBeNull();
  });

  it("applies the sign-up's handle rules and stores it as sign-up does (no @, lower case)", () => {
    expect(adminUserUpdateSchema.parse({ ...valid, tiktokUsername: " @Julie.Mode " }).tiktokUsername).toBe(
      "julie.mode",
    );
    expect(issuesOf({ ...valid, tiktokUsername: "a" })).toEqual([
      ["tiktokUsername", tiktokUsernameMessages.tooShort],
    ]);
    expect(issuesOf({ ...valid, tiktokUsername: "julie mode" })).toEqual([
      ["tiktokUsername", tiktokUsernameMessages.invalidCharacters],
    ]);
    expect(issuesOf({ ...valid, tiktokUsername: "ju@lie" })).toEqual([
      ["tiktokUsername", tiktokUsernameMessages.atSignNotFirst],
    ]);
  });
});

describe("naming and finding users", () => {
  const julie = {
    email: "julie@example.com",
    firstName: "Julie",
    lastName: "Martin",
    tiktokUsername: "ju_mode",
  };

  it("names a person by display name, else first or last name, else e-mail, else handle", () => {
    expect(userDisplayName({ ...julie, displayName: "Juju" })).toBe("Juju");
    expect(userDisplayName(julie)).toBe("Julie Martin");
    expect(userDisplayName({ ...julie, firstName: null })).toBe("Martin");
    expect(userDisplayName({ ...julie, firstName: " ", lastName: null })).toBe("julie@example.com");
    expect(userDisplayName({ ...julie, firstName: null, lastName: null, email: null })).toBe("@ju_mode");
    const viewer = {
      firstName: null,
      lastName: null,
      email: "lea@viewers.vitrine.invalid",
      tiktokUsername: "lea",
    };
    expect(userDisplayName(viewer)).toBe("@lea");
    expect(userFullName({ firstName: "Julie", lastName: null })).toBe("Julie");
  });

  it("names an address's addressee as a person, the missing part left out", () => {
    expect(addresseeName({ first_name: "Julie", last_name: "Martin" })).toBe("Julie Martin");
    expect(addresseeName({ first_name: " Julie ", last_name: "" })).toBe("Julie");
    expect(addresseeName({ last_name: "Martin" })).toBe("Martin");
    expect(addresseeName({ first_name: null, last_name: null })).toBe("");
  });

  it("searches e-mail, handle and 'first last', ignoring case", () => {
    expect(userMatchesSearch(julie, "EXAMPLE.COM")).toBe(true);
    expect(userMatchesSearch(julie, "Ju_M")).toBe(true);
    expect(userMatchesSearch(julie, "julie mar")).toBe(true);
    expect(userMatchesSearch(julie, " ")).toBe(true);
    expect(userMatchesSearch(julie, "martin julie")).toBe(false);
    expect(userMatchesSearch({ ...julie, email: null, tiktokUsername: null }, "example")).toBe(false);
  });
});
