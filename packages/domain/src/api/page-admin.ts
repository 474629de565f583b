import * as z from "zod/mini";

/** A static page as the back office edits it. */
export const adminPageSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  /** HTML, sanitized by the server. */
  content: z.string(),
  isActive: z.boolean(),
  inFooter: z.boolean(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

export const adminPageListResponseSchema = z.object({ pages: z.array(adminPageSchema) });
export const adminPageResponseSchema = z.object({ page: adminPageSchema });
