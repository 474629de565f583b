import * as z from "zod/mini";
import { FAQ_MOVE_DIRECTIONS } from "../faq";
import { faqSchema } from "./content";

export const faqResponseSchema = z.object({ faq: faqSchema });

/** Moves a FAQ one place up (towards rank 0) or down. */
export const faqMoveRequestSchema = z.object({ direction: z.enum(FAQ_MOVE_DIRECTIONS) });
export type FaqMoveRequest = z.infer<typeof faqMoveRequestSchema>;
