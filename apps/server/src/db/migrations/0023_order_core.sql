-- The orders core in the database (decision 025): the one "held" predicate, the one place an
-- order's total is computed, the one numbering and the one add-item path. Every writer of orders
-- and lines (the order page, the live sidebar, the orders list, the seed, the test factories and
-- fixtures, what comes next) goes through these. A refusal raises 'order:<reason>' (the product's
-- reference in HINT when there is one); the server's refusal map gives the spec's message.

-- A line holds its piece unless its order was cancelled (the release triggers of migration 0001).
CREATE VIEW held_pieces AS
  SELECT i.product_id, i.order_id FROM order_items i WHERE NOT i.is_released;
--> statement-breakpoint

-- Now in db/functions/orders_keep_total.sql
--> statement-breakpoint
-- Now in db/functions/trigger.orders.orders_keep_total.sql
--> statement-breakpoint

-- Now in db/functions/order_items_bump_version.sql
--> statement-breakpoint

-- Now in db/functions/order_create.sql
--> statement-breakpoint

-- Now in db/functions/order_product_to_add.sql
--> statement-breakpoint

-- Now in db/functions/order_add_item.sql
--> statement-breakpoint

-- The live sidebar's one-gesture add (spec §4, §5; decision 019), rebuilt on the functions above:
-- one call, one transaction. Each statement sees what committed before it (READ COMMITTED), so the
-- handle's claim lock still guards the look-up that follows it. The callers' rules stay the
-- server's: the handle comes normalised; the lock key, placeholder e-mail, fee, shipping type,
-- number prefix and editable statuses come as arguments.
DROP FUNCTION IF EXISTS live_sidebar_add(uuid, uuid, text, text, text, text, integer, text, text, uuid);
--> statement-breakpoint
-- Now in db/functions/live_sidebar_add.sql
