-- The orders core in the database (decision 025): the one "held" predicate, the one place an
-- order's total is computed, the one numbering and the one add-item path. Every writer of orders
-- and lines (the order page, the live sidebar, the orders list, the seed, the test factories and
-- fixtures, what comes next) goes through these. A refusal raises 'order:<reason>' (the product's
-- reference in HINT when there is one); the server's refusal map gives the spec's message.

-- A line holds its piece unless its order was cancelled (the release triggers of migration 0001).
CREATE VIEW held_pieces AS
  SELECT i.product_id, i.order_id FROM order_items i WHERE NOT i.is_released;
--> statement-breakpoint

-- An order's total: its own shipping fee plus each line's price times its quantity. Computed here
-- only: on insert (no line yet), when the fee changes, when anything writes the total (it is put
-- back), and when the lines change (order_items_bump_version below bumps items_version).
CREATE FUNCTION orders_keep_total() RETURNS trigger AS $$
BEGIN
  NEW.total_amount_cents := NEW.shipping_fee_cents + coalesce(
    (SELECT sum(i.price_cents * i.quantity) FROM order_items i WHERE i.order_id = NEW.id), 0);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_keep_total
  BEFORE INSERT OR UPDATE OF shipping_fee_cents, total_amount_cents, items_version ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_total();
--> statement-breakpoint

-- Every change to an order's lines bumps its items_version (payment forms issued before it no
-- longer pay, migration 0016), which has the total recomputed. A line moved to another order
-- changes both.
CREATE OR REPLACE FUNCTION order_items_bump_version() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE orders SET items_version = items_version + 1, updated_at = now() WHERE id = OLD.order_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
    UPDATE orders SET items_version = items_version + 1, updated_at = now() WHERE id = NEW.order_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- A new order of a live: to-validate, no line, numbered {prefix}{live ref}-{n} from the live's
-- counter. The UPDATE that reads the counter locks the live's row until commit: two new orders get
-- two numbers, and a refusal rolls the counter back. The fee, shipping type and prefix are the
-- server's rules and come as arguments.
CREATE FUNCTION order_create(
  p_live_id uuid,
  p_user_id uuid,
  p_comment text,
  p_shipping_fee_cents integer,
  p_shipping_type text,
  p_order_number_prefix text
) RETURNS TABLE (created_id uuid, created_number text) AS $$
DECLARE
  v_live_ref text;
  v_sequence integer;
  v_id uuid;
  v_number text;
BEGIN
  UPDATE lives l SET order_counter = l.order_counter + 1 WHERE l.id = p_live_id
    RETURNING l.ref, l.order_counter INTO v_live_ref, v_sequence;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order:new-order-live-not-found';
  END IF;
  INSERT INTO orders AS o (order_number, live_id, user_id, status, shipping_fee_cents, shipping_type, comment)
  VALUES (p_order_number_prefix || v_live_ref || '-' || v_sequence, p_live_id, p_user_id, 'to-validate',
          p_shipping_fee_cents, p_shipping_type, p_comment)
  RETURNING o.id, o.order_number INTO v_id, v_number;
  RETURN QUERY SELECT v_id, v_number;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- Whether an order of the live p_live_id (p_order_id when it exists) may take the product, checked
-- in the spec's order; raises the refusal, else returns the line's price and colour as they are
-- now. A piece already held is refused without waiting for the insert (a claim rush's common case)
-- with the very error the sold-once index gives, which stays the last word for two takers at once.
CREATE FUNCTION order_product_to_add(p_live_id uuid, p_order_id uuid, p_product_id uuid)
RETURNS TABLE (price_cents integer, color jsonb) AS $$
DECLARE
  v_product record;
BEGIN
  SELECT p.live_id, p.ref, p.price_cents,
         CASE WHEN c.name IS NOT NULL AND c.hex_code IS NOT NULL
              THEN jsonb_build_object('name', c.name, 'hex_code', c.hex_code) END AS color,
         EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = p_order_id AND i.product_id = p.id) AS in_order,
         EXISTS (SELECT 1 FROM held_pieces h WHERE h.product_id = p.id) AS held
    INTO v_product
    FROM products p LEFT JOIN product_colors c ON c.id = p.color_id
   WHERE p.id = p_product_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order:not-in-live';
  END IF;
  IF v_product.live_id <> p_live_id THEN
    RAISE EXCEPTION 'order:not-in-live' USING HINT = v_product.ref::text;
  END IF;
  IF v_product.in_order THEN
    RAISE EXCEPTION 'order:already-in-order';
  END IF;
  IF v_product.held THEN
    RAISE EXCEPTION 'order:already-sold'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'order_items_product_sold_once';
  END IF;
  RETURN QUERY SELECT v_product.price_cents, v_product.color;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- The one add-item path: the order locked (two changes to one order run one after the other),
-- its lines still editable (p_editable_statuses, the domain's rule), the product checked, one line
-- at quantity 1 at the product's price and colour. The total follows by trigger. The source
-- comment is kept when it is one of the order's live (for the record only). Returns the line's id.
CREATE FUNCTION order_add_item(
  p_order_id uuid,
  p_product_id uuid,
  p_source_event_id uuid,
  p_editable_statuses order_status[]
) RETURNS uuid AS $$
DECLARE
  v_live_id uuid;
  v_status order_status;
  v_price integer;
  v_color jsonb;
  v_line_id uuid;
BEGIN
  SELECT o.live_id, o.status INTO v_live_id, v_status FROM orders o WHERE o.id = p_order_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order:order-not-found';
  END IF;
  IF NOT (v_status = ANY (p_editable_statuses)) THEN
    RAISE EXCEPTION 'order:items-locked';
  END IF;
  SELECT a.price_cents, a.color INTO v_price, v_color
    FROM order_product_to_add(v_live_id, p_order_id, p_product_id) a;
  INSERT INTO order_items AS i (order_id, product_id, quantity, price_cents, color, source_event_id)
  VALUES (p_order_id, p_product_id, 1, v_price, v_color,
          (SELECT e.id FROM tiktok_events e WHERE e.id = p_source_event_id AND e.live_id = v_live_id))
  RETURNING i.id INTO v_line_id;
  RETURN v_line_id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- The live sidebar's one-gesture add (spec §4, §5; decision 019), rebuilt on the functions above:
-- one call, one transaction. Each statement sees what committed before it (READ COMMITTED), so the
-- handle's claim lock still guards the look-up that follows it. The callers' rules stay the
-- server's: the handle comes normalised; the lock key, placeholder e-mail, fee, shipping type,
-- number prefix and editable statuses come as arguments.
DROP FUNCTION live_sidebar_add(uuid, uuid, text, text, text, text, integer, text, text, uuid);
--> statement-breakpoint
CREATE FUNCTION live_sidebar_add(
  p_live_id uuid,
  p_product_id uuid,
  p_handle text,
  p_claim_lock_key text,
  p_placeholder_email text,
  p_comment text,
  p_shipping_fee_cents integer,
  p_shipping_type text,
  p_order_number_prefix text,
  p_source_event_id uuid,
  p_editable_statuses order_status[]
) RETURNS TABLE (order_id uuid, order_created boolean, user_created boolean) AS $$
DECLARE
  v_active boolean;
  v_user_id uuid;
  v_user_created boolean := false;
  v_order_id uuid;
  v_order_created boolean := false;
BEGIN
  SELECT l.is_active INTO v_active FROM lives l WHERE l.id = p_live_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order:live-not-found';
  END IF;
  IF NOT v_active THEN
    RAISE EXCEPTION 'order:live-not-active';
  END IF;

  -- The lock a sign-up confirming this handle takes: the two never both create or take the row.
  PERFORM pg_advisory_xact_lock(hashtext(p_claim_lock_key));
  SELECT u.id INTO v_user_id FROM users u WHERE lower(u.tiktok_username) = p_handle FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO users (tiktok_username, email) VALUES (p_handle, p_placeholder_email)
      RETURNING id INTO v_user_id;
    v_user_created := true;
  END IF;

  -- Locked as the order page locks it.
  SELECT o.id INTO v_order_id FROM orders o
   WHERE o.user_id = v_user_id AND o.live_id = p_live_id AND o.status = 'to-validate'
   ORDER BY o.order_date DESC LIMIT 1 FOR UPDATE;

  IF v_order_id IS NULL THEN
    -- Checked before a new order takes the live's row: other adds of the live wait on it.
    PERFORM order_product_to_add(p_live_id, NULL, p_product_id);
    SELECT c.created_id INTO v_order_id
      FROM order_create(p_live_id, v_user_id, p_comment, p_shipping_fee_cents, p_shipping_type,
                        p_order_number_prefix) c;
    v_order_created := true;
  END IF;
  PERFORM order_add_item(v_order_id, p_product_id, p_source_event_id, p_editable_statuses);

  RETURN QUERY SELECT v_order_id, v_order_created, v_user_created;
END;
$$ LANGUAGE plpgsql;
