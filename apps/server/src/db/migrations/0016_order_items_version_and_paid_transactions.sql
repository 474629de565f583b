-- Every change to an order's lines (an added, removed or re-priced line, by any path: the order
-- page, the live sidebar's live_sidebar_add, a future one) bumps the order's items_version in the
-- same transaction: a payment form issued for an earlier version no longer pays.
CREATE FUNCTION order_items_bump_version() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE orders SET items_version = items_version + 1 WHERE id = OLD.order_id;
  ELSE
    UPDATE orders SET items_version = items_version + 1 WHERE id = NEW.order_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER order_items_bump_version
  AFTER INSERT OR DELETE OR UPDATE OF price_cents, quantity, order_id ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_bump_version();
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
