import * as z from "zod/mini";

/** A record was deleted. */
export const deletedResponseSchema = z.object({ status: z.literal("deleted") });
export type DeletedResponse = z.infer<typeof deletedResponseSchema>;

/** A record named by its id in the URL. */
export const idParamsSchema = z.object({ id: z.uuid() });
