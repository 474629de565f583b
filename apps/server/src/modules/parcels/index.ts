import { createPaymentProvider } from "../../integrations/payments/create-payment-provider";
import { defineModule } from "../module";
import { parcelRoutes } from "./routes";
import { createParcelService } from "./service";

/*
 * Combined parcels (decision 033): a customer's orders to one address in one parcel, one label,
 * one fee. The database keeps the model sound (migration parcels_stay_sound); this module decides
 * which orders combine, and moves or refunds their fees.
 */
export const parcelsModule = defineModule({
  name: "parcels",
  prefix: "/api/admin/parcels",
  createService: ({ config, db, authSecret }) =>
    createParcelService({
      db,
      provider: createPaymentProvider({ config, db, authSecret }),
      combineDays: config.parcelCombineDays,
    }),
  routes: parcelRoutes,
});

export { parcelView } from "./service";
