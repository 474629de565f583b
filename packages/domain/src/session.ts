/** What GET /api/auth/session returns for a signed-in person; shared by server and client. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  tiktokUsername: string | null;
  isAdmin: boolean;
}
