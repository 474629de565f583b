-- A line that held a claimed piece stops holding it without the engine (the order page removed
-- it, its order was cancelled): the claim is written to the inbox, which the engine applies under
-- the claim lock, and NOTIFY tells the engines. Before the delete, while the claim still names
-- the line.
CREATE OR REPLACE FUNCTION order_items_claims_inbox() RETURNS trigger AS $$
DECLARE
  v_live_id uuid;
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (NEW.is_released AND NOT OLD.is_released) THEN
    RETURN NEW;
  END IF;
  INSERT INTO live_claim_inbox (live_id, claim_id, reason)
  SELECT c.live_id, c.id, CASE WHEN TG_OP = 'DELETE' THEN 'staff' ELSE 'order-cancelled' END
    FROM live_claims c WHERE c.order_item_id = OLD.id AND c.state = 'in-order'
  RETURNING live_id INTO v_live_id;
  -- Every instance's engine hears it at commit (the hub's channel); the sweep is the backstop.
  IF v_live_id IS NOT NULL THEN
    PERFORM pg_notify('vitrine_live', json_build_object('from', 'db', 'kind', 'claims-inbox', 'liveId', v_live_id)::text);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
