/** How a merge card names a user: first and last name, else the handle, else the e-mail. */
export function displayNameOf(user: {
  firstName: string | null;
  lastName: string | null;
  tiktokUsername: string | null;
  email: string | null;
}): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return name || (user.tiktokUsername ? `@${user.tiktokUsername}` : (user.email ?? "Sans nom"));
}
