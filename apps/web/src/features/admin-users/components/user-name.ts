import { userFullName } from "@vitrine/domain";

/** How a merge card names a user: first and last name, else the handle, else the e-mail. */
export function displayNameOf(user: {
  firstName: string | null;
  lastName: string | null;
  tiktokUsername: string | null;
  email: string | null;
}): string {
  return userFullName(user) || (user.tiktokUsername ? `@${user.tiktokUsername}` : (user.email ?? "Sans nom"));
}
