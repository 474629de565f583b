-- The claims engine in the database (decision 030): every writer of a live's claims takes the
-- live's claim lock first (its live_claim_state row, FOR UPDATE: live_claim_lock), then orders
-- (through the orders core: order_create, order_add_item), then writes claim rows, which it never
-- locks ahead of an order (the order page's delete of a line touches the claim through its
-- foreign key while it holds the order). Refusals raise 'claim:<reason>' or the orders core's
-- 'order:<reason>'; the server maps them to the spec's words.
--
-- p_rules, the server's rules passed along (jsonb): shopHoldSeconds (CLAIM_HOLD_HOURS), fee,
-- shippingType and prefix of a new order, editable (the statuses whose lines may change),
-- lockKeyPrefix and emailSuffix (a viewer's claim lock key and placeholder e-mail around the
-- handle, as the sidebar's add makes them), paymentWindowSeconds (a payment form's lifetime).

-- Every change of a claim draws a new version (under the claim lock: per live, in commit order).
CREATE FUNCTION live_claims_touch() RETURNS trigger AS $$
BEGIN
  NEW.version := nextval('live_claim_version');
  NEW.updated_at := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER live_claims_touch BEFORE UPDATE ON live_claims
  FOR EACH ROW EXECUTE FUNCTION live_claims_touch();
--> statement-breakpoint

-- A line that held a claimed piece stops holding it without the engine (the order page removed
-- it, its order was cancelled): the claim is written to the inbox, which the engine applies under
-- the claim lock, and NOTIFY tells the engines. Before the delete, while the claim still names
-- the line.
CREATE FUNCTION order_items_claims_inbox() RETURNS trigger AS $$
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
--> statement-breakpoint
CREATE TRIGGER order_items_claims_inbox BEFORE DELETE OR UPDATE OF is_released ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_claims_inbox();
--> statement-breakpoint

-- The live's claim lock: its state row, created at first use.
CREATE FUNCTION live_claim_lock(p_live_id uuid) RETURNS live_claim_state AS $$
DECLARE
  v_state live_claim_state;
BEGIN
  SELECT * INTO v_state FROM live_claim_state s WHERE s.live_id = p_live_id FOR UPDATE;
  IF FOUND THEN
    RETURN v_state;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM lives l WHERE l.id = p_live_id) THEN
    RAISE EXCEPTION 'claim:live-not-found';
  END IF;
  INSERT INTO live_claim_state (live_id) VALUES (p_live_id) ON CONFLICT (live_id) DO NOTHING;
  SELECT * INTO v_state FROM live_claim_state s WHERE s.live_id = p_live_id FOR UPDATE;
  RETURN v_state;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- The highest version drawn so far: claims of a live changed by the caller have a higher one.
CREATE FUNCTION live_claim_version_now() RETURNS bigint AS $$
  SELECT s.last_value FROM live_claim_version s;
$$ LANGUAGE sql;
--> statement-breakpoint

-- Whether someone holds the piece: an order line (the orders core's held predicate) or another
-- claim pending or in an order.
CREATE FUNCTION live_claim_piece_held(p_product_id uuid, p_except uuid) RETURNS boolean AS $$
  SELECT EXISTS (SELECT 1 FROM held_pieces h WHERE h.product_id = p_product_id)
      OR EXISTS (SELECT 1 FROM live_claims c
                  WHERE c.product_id = p_product_id AND c.state IN ('pending', 'in-order')
                    AND c.id IS DISTINCT FROM p_except);
$$ LANGUAGE sql STABLE;
--> statement-breakpoint

CREATE FUNCTION live_claim_editable(p_rules jsonb) RETURNS order_status[] AS $$
  SELECT ARRAY(SELECT jsonb_array_elements_text(p_rules -> 'editable'))::order_status[];
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint

-- Gives the claim's piece to its viewer: the user found or created by handle under the handle's
-- claim lock (as the sidebar's add does), their to-validate order of the live reused or created,
-- the line added by the one add-item path, the hold started and its expiry scheduled (a job of
-- graphile-worker, in this transaction). Raises the orders core's refusal. Returns the order.
-- Unlike the sidebar's add, a live that ended still gives: holds outlive the live.
CREATE FUNCTION live_claim_give(p_claim_id uuid, p_hold_seconds integer, p_rules jsonb) RETURNS uuid AS $$
DECLARE
  v_claim live_claims;
  v_user_id uuid;
  v_order_id uuid;
  v_line_id uuid;
  v_until timestamptz;
BEGIN
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id;
  PERFORM pg_advisory_xact_lock(hashtext((p_rules ->> 'lockKeyPrefix') || v_claim.handle));
  SELECT u.id INTO v_user_id FROM users u WHERE lower(u.tiktok_username) = v_claim.handle FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO users (tiktok_username, email) VALUES (v_claim.handle, v_claim.handle || (p_rules ->> 'emailSuffix'))
      RETURNING id INTO v_user_id;
  END IF;
  SELECT o.id INTO v_order_id FROM orders o
   WHERE o.user_id = v_user_id AND o.live_id = v_claim.live_id AND o.status = 'to-validate'
   ORDER BY o.order_date DESC LIMIT 1 FOR UPDATE;
  IF v_order_id IS NULL THEN
    PERFORM order_product_to_add(v_claim.live_id, NULL, v_claim.product_id);
    SELECT c.created_id INTO v_order_id
      FROM order_create(v_claim.live_id, v_user_id, NULL, (p_rules ->> 'fee')::integer,
                        p_rules ->> 'shippingType', p_rules ->> 'prefix') c;
  END IF;
  v_line_id := order_add_item(v_order_id, v_claim.product_id, v_claim.event_id, live_claim_editable(p_rules));
  v_until := now() + make_interval(secs => p_hold_seconds);
  UPDATE live_claims c
     SET state = 'in-order', order_id = v_order_id, order_item_id = v_line_id, held_until = v_until,
         release_reason = NULL
   WHERE c.id = p_claim_id;
  PERFORM graphile_worker.add_job('claim_hold_expired', json_build_object('claimId', p_claim_id),
    run_at := v_until, max_attempts := 10, job_key := 'claim-hold:' || p_claim_id);
  RETURN v_order_id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- The same, a refusal giving null (the claim stays as it was): the engine's own gives.
CREATE FUNCTION live_claim_try_give(p_claim_id uuid, p_hold_seconds integer, p_rules jsonb) RETURNS uuid AS $$
BEGIN
  RETURN live_claim_give(p_claim_id, p_hold_seconds, p_rules);
EXCEPTION WHEN raise_exception OR unique_violation THEN
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

CREATE FUNCTION live_claim_hold(p_state live_claim_state, p_rules jsonb) RETURNS integer AS $$
  SELECT coalesce((p_state).hold_seconds, (p_rules ->> 'shopHoldSeconds')::integer);
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint

-- The piece is free: the next waitlisted claim gets it (given at once in automatic mode, pending
-- in manual mode or when the give is refused). Returns the order given into, or null.
CREATE FUNCTION live_claim_hand_over(p_state live_claim_state, p_product_id uuid, p_rules jsonb) RETURNS uuid AS $$
DECLARE
  v_next uuid;
  v_order_id uuid;
BEGIN
  IF live_claim_piece_held(p_product_id, NULL) THEN
    RETURN NULL;
  END IF;
  SELECT w.id INTO v_next FROM live_claims w
   WHERE w.product_id = p_product_id AND w.state = 'waitlisted'
   ORDER BY w.queue_rank, w.seq LIMIT 1;
  IF v_next IS NULL THEN
    RETURN NULL;
  END IF;
  IF p_state.mode = 'automatique' THEN
    v_order_id := live_claim_try_give(v_next, live_claim_hold(p_state, p_rules), p_rules);
    IF v_order_id IS NOT NULL THEN
      RETURN v_order_id;
    END IF;
  END IF;
  UPDATE live_claims c SET state = 'pending' WHERE c.id = v_next;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- Ends a claim's hold or wait (p_reason) and hands the piece on. An in-order claim loses its line
-- only while its order's lines may change; on any other order it is left as it is ('kept': paid).
-- p_line_gone: the line already stopped holding (the inbox). Returns 'released', 'kept' or
-- 'none' (already released), and the order that lost or gained a line.
CREATE FUNCTION live_claim_release(
  p_state live_claim_state, p_claim_id uuid, p_reason text, p_line_gone boolean, p_rules jsonb,
  OUT outcome text, OUT orders_changed uuid[]
) AS $$
DECLARE
  v_claim live_claims;
  v_status order_status;
  v_given uuid;
BEGIN
  orders_changed := '{}';
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id;
  IF NOT FOUND OR v_claim.state = 'released' THEN
    outcome := 'none';
    RETURN;
  END IF;
  IF v_claim.state = 'in-order' AND NOT p_line_gone AND v_claim.order_id IS NOT NULL THEN
    SELECT o.status INTO v_status FROM orders o WHERE o.id = v_claim.order_id FOR UPDATE;
    IF NOT (v_status = ANY (live_claim_editable(p_rules))) THEN
      outcome := 'kept';
      RETURN;
    END IF;
  END IF;
  UPDATE live_claims c
     SET state = 'released', release_reason = p_reason, held_until = NULL, order_item_id = NULL
   WHERE c.id = p_claim_id;
  IF v_claim.state = 'in-order' AND NOT p_line_gone AND v_claim.order_item_id IS NOT NULL THEN
    DELETE FROM order_items i WHERE i.id = v_claim.order_item_id;
    orders_changed := orders_changed || v_claim.order_id;
  END IF;
  IF v_claim.state IN ('pending', 'in-order') THEN
    v_given := live_claim_hand_over(p_state, v_claim.product_id, p_rules);
    IF v_given IS NOT NULL THEN
      orders_changed := orders_changed || v_given;
    END IF;
  END IF;
  outcome := 'released';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- A hold's end (the job claim_hold_expired, or the sweep's backstop): under the claim lock, then
-- the order's. Nothing when the claim no longer holds, or its order is paid (a payment wins); a
-- payment form issued less than its lifetime ago moves the hold to the form's end; a hold moved
-- later is scheduled again; else the line leaves the order and the piece is handed over.
-- Returns the live, whether anything changed, and the orders changed.
CREATE FUNCTION live_claim_expire(p_claim_id uuid, p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_live_id uuid;
  v_state live_claim_state;
  v_claim live_claims;
  v_order orders;
  v_until timestamptz;
  v_release record;
BEGIN
  SELECT c.live_id INTO v_live_id FROM live_claims c WHERE c.id = p_claim_id;
  IF v_live_id IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none');
  END IF;
  v_state := live_claim_lock(v_live_id);
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id;
  IF v_claim.state <> 'in-order' OR v_claim.order_id IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none', 'liveId', v_live_id);
  END IF;
  SELECT * INTO v_order FROM orders o WHERE o.id = v_claim.order_id FOR UPDATE;
  IF NOT (v_order.status = ANY (live_claim_editable(p_rules))) THEN
    RETURN jsonb_build_object('outcome', 'none', 'liveId', v_live_id);
  END IF;
  v_until := greatest(v_claim.held_until,
    v_order.payment_started_at + make_interval(secs => (p_rules ->> 'paymentWindowSeconds')::integer));
  IF v_until > now() THEN
    IF v_until > v_claim.held_until THEN
      UPDATE live_claims c SET held_until = v_until WHERE c.id = p_claim_id;
    END IF;
    PERFORM graphile_worker.add_job('claim_hold_expired', json_build_object('claimId', p_claim_id),
      run_at := v_until, max_attempts := 10, job_key := 'claim-hold:' || p_claim_id);
    RETURN jsonb_build_object('outcome', 'deferred', 'liveId', v_live_id);
  END IF;
  SELECT * INTO v_release FROM live_claim_release(v_state, p_claim_id, 'hold-expired', false, p_rules);
  RETURN jsonb_build_object('outcome', v_release.outcome, 'liveId', v_live_id,
                            'orders', to_jsonb(v_release.orders_changed));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- A batch of the live's chat comments, read by the server in seq order (p_after_seq < seq <=
-- p_last_seq, p_comments of them), applied in that order: p_items are the claims and un-claims
-- among them, [{ kind: 'claim', seq, eventId, handle, pieces: [{ ref, size, color }] } | { kind:
-- 'unclaim', seq, eventId, handle, refs: [..] }]. Refused as 'stale' (nothing done) when the
-- live's cursor is no longer p_after_seq: someone else applied them.
CREATE FUNCTION live_claims_apply(
  p_live_id uuid, p_after_seq bigint, p_last_seq bigint, p_comments integer, p_items jsonb, p_rules jsonb
) RETURNS jsonb AS $$
DECLARE
  v_state live_claim_state;
  v_before bigint;
  v_item jsonb;
  v_piece jsonb;
  v_ref integer;
  v_handle text;
  v_product_id uuid;
  v_held boolean;
  v_claim live_claims;
  v_order_id uuid;
  v_orders uuid[] := '{}';
  v_release record;
BEGIN
  v_state := live_claim_lock(p_live_id);
  IF v_state.last_seq <> p_after_seq THEN
    RETURN jsonb_build_object('stale', true);
  END IF;
  v_before := live_claim_version_now();
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_handle := v_item ->> 'handle';
    IF v_item ->> 'kind' = 'claim' THEN
      FOR v_piece IN SELECT value FROM jsonb_array_elements(v_item -> 'pieces') LOOP
        SELECT p.id INTO v_product_id FROM products p
         WHERE p.live_id = p_live_id AND p.ref = (v_piece ->> 'ref')::integer;
        CONTINUE WHEN v_product_id IS NULL;
        -- A repeated claim is not a new one.
        CONTINUE WHEN EXISTS (SELECT 1 FROM live_claims c
                               WHERE c.product_id = v_product_id AND c.handle = v_handle AND c.state <> 'released');
        v_held := live_claim_piece_held(v_product_id, NULL);
        -- Nor is a claim of a piece already in one of the viewer's orders (added by hand).
        CONTINUE WHEN v_held AND EXISTS (
          SELECT 1 FROM held_pieces h JOIN orders o ON o.id = h.order_id JOIN users u ON u.id = o.user_id
           WHERE h.product_id = v_product_id AND lower(u.tiktok_username) = v_handle);
        INSERT INTO live_claims AS c (live_id, event_id, seq, handle, product_id, size_read, color_read, state, queue_rank)
        VALUES (p_live_id, (v_item ->> 'eventId')::uuid, (v_item ->> 'seq')::bigint, v_handle, v_product_id,
                v_piece ->> 'size', v_piece ->> 'color',
                CASE WHEN v_held THEN 'waitlisted' ELSE 'pending' END,
                (v_item ->> 'seq')::bigint)
        RETURNING * INTO v_claim;
        IF v_claim.state = 'pending' AND v_state.mode = 'automatique' THEN
          v_order_id := live_claim_try_give(v_claim.id, live_claim_hold(v_state, p_rules), p_rules);
          IF v_order_id IS NOT NULL THEN
            v_orders := v_orders || v_order_id;
          END IF;
        END IF;
      END LOOP;
    ELSIF v_item ->> 'kind' = 'unclaim' THEN
      FOR v_ref IN SELECT value::integer FROM jsonb_array_elements_text(v_item -> 'refs') LOOP
        SELECT c.* INTO v_claim FROM live_claims c JOIN products p ON p.id = c.product_id
         WHERE p.live_id = p_live_id AND p.ref = v_ref AND c.handle = v_handle AND c.state <> 'released';
        CONTINUE WHEN NOT FOUND;
        SELECT * INTO v_release FROM live_claim_release(v_state, v_claim.id, 'un-claimed', false, p_rules);
        v_orders := v_orders || v_release.orders_changed;
        IF v_release.outcome = 'kept' THEN
          -- The piece is paid: the un-claim changes nothing, staff are told.
          UPDATE live_claims c SET late_unclaim_at = now() WHERE c.id = v_claim.id;
        END IF;
      END LOOP;
    END IF;
  END LOOP;
  UPDATE live_claim_state s
     SET last_seq = p_last_seq, comments = s.comments + p_comments, updated_at = now()
   WHERE s.live_id = p_live_id;
  RETURN jsonb_build_object(
    'changed', EXISTS (SELECT 1 FROM live_claims c WHERE c.live_id = p_live_id AND c.version > v_before),
    'orders', to_jsonb(v_orders));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- What the engine does besides comments, under the claim lock: the inbox applied (claims whose
-- line the order page removed or whose order was cancelled are released and their pieces handed
-- over), holds past due by more than p_overdue_seconds expired (a backstop for their jobs), and
-- pieces free again with a waitlist (a line added by hand and removed) handed over.
CREATE FUNCTION live_claims_settle(p_live_id uuid, p_overdue_seconds integer, p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_state live_claim_state;
  v_before bigint;
  v_inbox record;
  v_release record;
  v_expired jsonb;
  v_claim_id uuid;
  v_product_id uuid;
  v_order_id uuid;
  v_orders uuid[] := '{}';
BEGIN
  v_state := live_claim_lock(p_live_id);
  v_before := live_claim_version_now();
  FOR v_inbox IN DELETE FROM live_claim_inbox b WHERE b.live_id = p_live_id RETURNING b.id, b.claim_id, b.reason LOOP
    SELECT * INTO v_release FROM live_claim_release(v_state, v_inbox.claim_id, v_inbox.reason, true, p_rules);
    v_orders := v_orders || v_release.orders_changed;
  END LOOP;
  FOR v_claim_id IN
    SELECT c.id FROM live_claims c
     WHERE c.live_id = p_live_id AND c.state = 'in-order'
       AND c.held_until < now() - make_interval(secs => p_overdue_seconds)
     ORDER BY c.held_until
  LOOP
    v_expired := live_claim_expire(v_claim_id, p_rules);
    v_orders := v_orders || ARRAY(SELECT jsonb_array_elements_text(coalesce(v_expired -> 'orders', '[]')))::uuid[];
  END LOOP;
  -- Each piece with a waitlist checked once, however long its waitlist.
  FOR v_product_id IN
    -- By the live's pieces (a few hundred), each with one probe of its waitlist, rather than by
    -- the live's waitlisted claims (thousands in a busy live): this runs every second.
    SELECT p.id FROM products p
     WHERE p.live_id = p_live_id
       AND EXISTS (SELECT 1 FROM live_claims w WHERE w.product_id = p.id AND w.state = 'waitlisted')
       AND NOT live_claim_piece_held(p.id, NULL)
     ORDER BY p.ref
  LOOP
    v_order_id := live_claim_hand_over(v_state, v_product_id, p_rules);
    IF v_order_id IS NOT NULL THEN
      v_orders := v_orders || v_order_id;
    END IF;
  END LOOP;
  RETURN jsonb_build_object(
    'changed', EXISTS (SELECT 1 FROM live_claims c WHERE c.live_id = p_live_id AND c.version > v_before),
    'orders', to_jsonb(v_orders));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- Staff's actions on one claim of the live: 'give' (a pending or waitlisted claim, the piece not
-- held by anyone else), 'release' (a pending claim, or one in an order whose lines may change),
-- 'skip' (a waitlisted claim to the end of its waitlist), 'remove' (a waitlisted claim off it).
-- Refusals raise 'claim:not-found', 'claim:piece-held', 'claim:not-waiting', 'claim:not-holding'
-- or the orders core's. Returns the orders changed.
CREATE FUNCTION live_claim_staff_action(p_live_id uuid, p_claim_id uuid, p_action text, p_rules jsonb)
RETURNS jsonb AS $$
DECLARE
  v_state live_claim_state;
  v_claim live_claims;
  v_order_id uuid;
  v_release record;
BEGIN
  v_state := live_claim_lock(p_live_id);
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id AND c.live_id = p_live_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'claim:not-found';
  END IF;
  IF p_action = 'give' THEN
    IF v_claim.state NOT IN ('pending', 'waitlisted') THEN
      RAISE EXCEPTION 'claim:not-waiting';
    END IF;
    IF live_claim_piece_held(v_claim.product_id, v_claim.id) THEN
      RAISE EXCEPTION 'claim:piece-held';
    END IF;
    v_order_id := live_claim_give(v_claim.id, live_claim_hold(v_state, p_rules), p_rules);
    RETURN jsonb_build_object('orders', jsonb_build_array(v_order_id));
  ELSIF p_action = 'release' THEN
    IF v_claim.state NOT IN ('pending', 'in-order') THEN
      RAISE EXCEPTION 'claim:not-holding';
    END IF;
    SELECT * INTO v_release FROM live_claim_release(v_state, v_claim.id, 'staff', false, p_rules);
    IF v_release.outcome <> 'released' THEN
      RAISE EXCEPTION 'claim:not-holding';
    END IF;
    RETURN jsonb_build_object('orders', to_jsonb(v_release.orders_changed));
  ELSIF p_action IN ('skip', 'remove') THEN
    IF v_claim.state <> 'waitlisted' THEN
      RAISE EXCEPTION 'claim:not-waiting';
    END IF;
    IF p_action = 'skip' THEN
      UPDATE live_claims c
         SET queue_rank = (SELECT max(w.queue_rank) + 1 FROM live_claims w
                            WHERE w.product_id = v_claim.product_id AND w.state = 'waitlisted')
       WHERE c.id = v_claim.id;
    ELSE
      UPDATE live_claims c SET state = 'released', release_reason = 'staff' WHERE c.id = v_claim.id;
    END IF;
    RETURN jsonb_build_object('orders', '[]'::jsonb);
  END IF;
  RAISE EXCEPTION 'claim:unknown-action';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- A live's mode and own hold; switching to automatique gives the pending claims at once, in
-- receive order. Returns the orders changed.
CREATE FUNCTION live_claim_settings_set(p_live_id uuid, p_mode text, p_hold_seconds integer, p_rules jsonb)
RETURNS jsonb AS $$
DECLARE
  v_state live_claim_state;
  v_claim_id uuid;
  v_order_id uuid;
  v_orders uuid[] := '{}';
BEGIN
  v_state := live_claim_lock(p_live_id);
  UPDATE live_claim_state s SET mode = p_mode, hold_seconds = p_hold_seconds, updated_at = now()
   WHERE s.live_id = p_live_id
  RETURNING * INTO v_state;
  IF p_mode = 'automatique' THEN
    FOR v_claim_id IN
      SELECT c.id FROM live_claims c WHERE c.live_id = p_live_id AND c.state = 'pending' ORDER BY c.seq
    LOOP
      v_order_id := live_claim_try_give(v_claim_id, live_claim_hold(v_state, p_rules), p_rules);
      IF v_order_id IS NOT NULL THEN
        v_orders := v_orders || v_order_id;
      END IF;
    END LOOP;
  END IF;
  RETURN jsonb_build_object('orders', to_jsonb(v_orders));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- Comments received before the engine existed were decided in the browser: the engine starts
-- after them.
INSERT INTO live_claim_state (live_id, last_seq)
SELECT l.id, coalesce((SELECT max(e.seq) FROM tiktok_events e WHERE e.live_id = l.id), 0) FROM lives l
ON CONFLICT (live_id) DO NOTHING;
