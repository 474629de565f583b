-- Now in db/functions/order_items_bump_version.sql
--> statement-breakpoint
-- Now in db/functions/trigger.order_items.order_items_bump_version.sql
--> statement-breakpoint
-- The transactions that paid an order before this table existed, from the notification trail, so
-- that a replay of one of them pays nothing either.
INSERT INTO payment_transactions (provider, transaction_id, order_id, amount_cents, created_at)
SELECT DISTINCT ON (n.provider, n.transaction_id)
       n.provider, n.transaction_id, o.id, coalesce(n.amount_cents, o.total_amount_cents), n.created_at
  FROM payment_notifications n
  JOIN orders o ON o.id::text = n.order_ref
 WHERE n.outcome = 'paid' AND n.transaction_id IS NOT NULL
 ORDER BY n.provider, n.transaction_id, n.created_at
ON CONFLICT DO NOTHING;
