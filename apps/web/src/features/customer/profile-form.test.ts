import { textFieldMessages, tiktokUsernameMessages } from "@vitrine/domain";
import { describe, expect, it } from "vitest";
import { handleSubmitMessage, profileFormErrors, profileUpdateFromForm } from "./profile-form";

const values = {
  firstName: "Marie",
  lastName: "Dupont",
  tiktokUsername: "@marie.d",
  tiktokUsernameConfirmation: "marie.d",
};

describe("the profile form", () => {
  it("accepts names and a confirmed handle", () => {
    expect(profileFormErrors(values, true)).toEqual({});
    expect(profileUpdateFromForm(values, true)).toEqual({
      firstName: "Marie",
      lastName: "Dupont",
      tiktokUsername: "@marie.d",
    });
  });

  it("never sends a handle that is already set", () => {
    expect(profileUpdateFromForm({ ...values, tiktokUsername: "autre" }, false)).toEqual({
      firstName: "Marie",
      lastName: "Dupont",
    });
    expect(
      profileFormErrors({ ...values, tiktokUsername: "", tiktokUsernameConfirmation: "" }, false),
    ).toEqual({});
  });

  it("gives the handle's own message, then the confirmation's", () => {
    expect(profileFormErrors({ ...values, tiktokUsername: "" }, true)).toEqual({
      tiktokUsername: tiktokUsernameMessages.required,
    });
    expect(profileFormErrors({ ...values, tiktokUsername: "ma@rie" }, true)).toEqual({
      tiktokUsername: tiktokUsernameMessages.atSignNotFirst,
    });
    expect(profileFormErrors({ ...values, tiktokUsernameConfirmation: "marie" }, true)).toEqual({
      tiktokUsernameConfirmation: tiktokUsernameMessages.mismatch,
    });
  });

  it("refuses names with markup", () => {
    expect(profileFormErrors({ ...values, lastName: "<b>Dupont</b>" }, false)).toEqual({
      lastName: textFieldMessages.markup("Le nom"),
    });
  });

  it("says at submit whether the handle is missing or wrong", () => {
    expect(handleSubmitMessage({ ...values, tiktokUsername: "  " })).toBe(
      tiktokUsernameMessages.missingAtSubmit,
    );
    expect(handleSubmitMessage({ ...values, tiktokUsername: "a" })).toBe(tiktokUsernameMessages.fixErrors);
  });
});
