import { describe, expect, it } from "vitest";
import { profileHasChanges, profileMessages, profileUpdateSchema } from "./profile";
import { tiktokUsernameMessages } from "./tiktok-username";

const issuesOf = (input: unknown) =>
  profileUpdateSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ??
  [];

describe("profile messages", () => {
  it("are the spec's French messages, word for word", () => {
    expect(profileMessages).toMatchObject({
      loadFailed: "Impossible de charger votre profil",
      updateFailed: "Impossible de mettre à jour votre profil",
      noChange: "Aucune modification détectée",
      updated: "Profil mis à jour avec succès",
    });
  });
});

describe("the profile form", () => {
  it("trims names and stores a blank or missing one as none", () => {
    expect(profileUpdateSchema.parse({ firstName: "  Julie ", lastName: "Martin" })).toEqual({
      firstName: "Julie",
      lastName: "Martin",
    });
    expect(profileUpdateSchema.parse({ firstName: "   ", lastName: null })).toEqual({
      firstName: null,
      lastName: null,
    });
    expect(profileUpdateSchema.parse({})).toEqual({ firstName: null, lastName: null });
  });

  it("refuses long names and markup, naming the field", () => {
    expect(issuesOf({ firstName: "x".repeat(101) })).toEqual([
      ["firstName", "Le prénom doit contenir au plus 100 caractères."],
    ]);
    expect(issuesOf({ lastName: "<script>" })).toEqual([
      ["lastName", "Le nom ne doit pas contenir les caractères < ou >."],
    ]);
    expect(profileUpdateSchema.parse({ firstName: "x".repeat(100) }).firstName).toHaveLength(100);
  });

  it("cleans the handle as people paste it and keeps its case", () => {
    expect(profileUpdateSchema.parse({ tiktokUsername: "  @Nina.Mode_75 " }).tiktokUsername).toBe(
      "Nina.Mode_75",
    );
    expect(profileUpdateSchema.parse({ firstName: "Nina" })).not.toHaveProperty("tiktokUsername");
  });

  it.each([
    ["", tiktokUsernameMessages.required],
    ["@", tiktokUsernameMessages.required],
    ["a", tiktokUsernameMessages.tooShort],
    ["ju@lie", tiktokUsernameMessages.atSignNotFirst],
    ["x".repeat(25), tiktokUsernameMessages.tooLong],
    ["julie martin", tiktokUsernameMessages.invalidCharacters],
  ])("refuses the handle %j with the sign-up's message", (handle, message) => {
    expect(issuesOf({ tiktokUsername: handle })).toEqual([["tiktokUsername", message]]);
  });
});

describe("whether the form changes anything", () => {
  const current = { firstName: "Julie", lastName: "Martin", tiktokUsername: "julie.m" };

  it("sees no change in the same names, spaces and blanks aside", () => {
    expect(profileHasChanges(current, { firstName: " Julie ", lastName: "Martin" })).toBe(false);
    expect(profileHasChanges({ ...current, lastName: null }, { firstName: "Julie", lastName: "  " })).toBe(
      false,
    );
  });

  it("sees a changed name", () => {
    expect(profileHasChanges(current, { firstName: "Julia", lastName: "Martin" })).toBe(true);
    expect(profileHasChanges(current, { firstName: "Julie", lastName: null })).toBe(true);
  });

  it("ignores the handle once set, and counts one typed while there is none", () => {
    const same = { firstName: "Julie", lastName: "Martin" };
    expect(profileHasChanges(current, { ...same, tiktokUsername: "autre" })).toBe(false);
    const withoutHandle = { ...current, tiktokUsername: null };
    expect(profileHasChanges(withoutHandle, { ...same, tiktokUsername: "julie.m" })).toBe(true);
    expect(profileHasChanges(withoutHandle, { ...same, tiktokUsername: " @ " })).toBe(false);
    expect(profileHasChanges(withoutHandle, { ...same, tiktokUsername: "  " })).toBe(false);
    expect(profileHasChanges(withoutHandle, same)).toBe(false);
  });
});
