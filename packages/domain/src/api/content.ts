import * as z from "zod/mini";

/** A page code: lowercase letters, digits and hyphens. */
export const pageCodeParamsSchema = z.object({ code: z.string().check(z.regex(/^[a-z0-9-]{1,100}$/)) });

export const contentPageSchema = z.object({
  code: z.string(),
  title: z.string(),
  /** HTML, sanitized by the server. */
  content: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;
export const contentPageResponseSchema = z.object({ page: contentPageSchema });

/** An active page published at /p/{code}: the footer links those marked so, the landing the winter page. */
export const publishedPageSchema = z.object({ code: z.string(), title: z.string(), inFooter: z.boolean() });
export type PublishedPage = z.infer<typeof publishedPageSchema>;
export const publishedPagesResponseSchema = z.object({ pages: z.array(publishedPageSchema) });

export const faqSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** HTML, sanitized by the server. */
  content: z.string(),
  rank: z.number(),
});
export type Faq = z.infer<typeof faqSchema>;
export const faqListResponseSchema = z.object({ faqs: z.array(faqSchema) });
