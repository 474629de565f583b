-- Combined parcels stay sound whatever writes the orders (decision 033): a parcel is one lead and
-- its members, never a chain, and a cancelled order (by staff, the customer, an expired hold or a
-- refund, one at a time or several at once) never stays in a parcel.

-- Now in db/functions/orders_parcel_no_chain.sql
--> statement-breakpoint
-- Now in db/functions/trigger.orders.orders_parcel_no_chain.sql
--> statement-breakpoint

-- Now in db/functions/orders_parcel_free.sql
--> statement-breakpoint

-- Now in db/functions/orders_parcel_leave_when_cancelled.sql
--> statement-breakpoint
-- Now in db/functions/trigger.orders.orders_parcel_leave_when_cancelled.sql
--> statement-breakpoint

-- Now in db/functions/orders_parcel_cancelled_fee_back.sql
--> statement-breakpoint
-- Now in db/functions/trigger.orders.orders_parcel_cancelled_fee_back.sql
