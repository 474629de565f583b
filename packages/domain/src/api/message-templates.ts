import * as z from "zod/mini";
import { MESSAGE_TEMPLATE_TYPES } from "../message-template";

export const messageTemplateSchema = z.object({
  id: z.string(),
  type: z.enum(MESSAGE_TEMPLATE_TYPES),
  title: z.string(),
  /** HTML, sanitized by the server. */
  body: z.string(),
  scope: z.array(z.string()),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const messageTemplateListResponseSchema = z.object({ templates: z.array(messageTemplateSchema) });
export const messageTemplateResponseSchema = z.object({ template: messageTemplateSchema });
