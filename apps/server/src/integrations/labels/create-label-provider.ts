import { sql } from "drizzle-orm";
import type { AppConfig } from "../../config";
import type { Queryable } from "../../db/client";
import { PARCEL_NUMBER_SEQUENCE } from "../../db/schema";
import { createColissimoLabelProvider } from "./colissimo-label-provider";
import type { LabelProvider } from "./label-provider";
import { shopSender } from "./shop-sender";

/** The provider LABEL_PROVIDER names, sending parcels from the shop's own address. */
export function createLabelProvider({
  config,
  db,
}: {
  config: Pick<AppConfig, "labelProvider" | "colissimo" | "shop">;
  db: Queryable;
}): LabelProvider {
  const sender = shopSender(config.shop);
  if (config.labelProvider === "colissimo") {
    if (!config.colissimo) throw new Error("LABEL_PROVIDER=colissimo without its settings");
    if (!sender.street || !sender.zip || !sender.city) {
      throw new Error(
        'LABEL_PROVIDER=colissimo needs SHOP_POSTAL_ADDRESS with a street line and a "postal code city" line',
      );
    }
    return createColissimoLabelProvider({ settings: config.colissimo, sender });
  }
  const nextParcelSequenceValue = async () => {
    const result = await db.execute<{ value: string }>(
      sql`SELECT nextval(${PARCEL_NUMBER_SEQUENCE}) AS value`,
    );
    return Number(result.rows[0]?.value);
  };
  // pdf-lib and bwip-js are some 2.5 MB of the server bundle: loaded by the first label, not parsed
  // at every start.
  let local: Promise<LabelProvider> | undefined;
  return {
    name: "local",
    async generate(request) {
      local ??= import("./local-label-provider").then(({ createLocalLabelProvider }) =>
        createLocalLabelProvider({ sender, nextParcelSequenceValue }),
      );
      return (await local).generate(request);
    },
  };
}
