-- Every piece's real state in the claims (decision 041).
--
-- A piece sold outside claims (added to an order by reference, or in an older order: a line that
-- holds it and that no claim holds) is 'Vendue': a claim of it is answered at once as sold (a
-- claim row released 'sold', shown on its comment and counted, never queued), and the claims that
-- were waiting for it when it was sold are answered the same way by the settle, so that no
-- waitlist grows behind a piece nobody can be handed.
--
-- A claim of a reference that is no piece of the live is kept (live_claim_unknown_refs), drawing
-- its version from the claims' sequence so that streams carry it, and counted for staff.
--
-- In automatic mode a sure claim whose size or colour is not the piece's waits for staff as a
-- doubt 'mismatch' (the domain's requestDiffers says the same as live_claim_request_differs).

ALTER TABLE "live_claims" DROP CONSTRAINT "live_claims_release_reason";--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_release_reason" CHECK (("live_claims"."state" = 'released') = ("live_claims"."release_reason" IS NOT NULL) AND ("live_claims"."release_reason" IS NULL OR "live_claims"."release_reason" in ('un-claimed', 'hold-expired', 'staff', 'order-cancelled', 'doubt-ignored', 'doubt-expired', 'sold')));--> statement-breakpoint
ALTER TABLE "live_claims" DROP CONSTRAINT "live_claims_doubt_reason";--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_doubt_reason" CHECK ("live_claims"."doubt_reason" IS NULL OR "live_claims"."doubt_reason" in ('question', 'condition', 'choice', 'swap', 'correction', 'unclear', 'mismatch'));--> statement-breakpoint
CREATE TABLE "live_claim_unknown_refs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"live_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"handle" text NOT NULL,
	"ref" integer NOT NULL,
	"version" bigint DEFAULT nextval('live_claim_version') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_claim_unknown_refs" ADD CONSTRAINT "live_claim_unknown_refs_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claim_unknown_refs" ADD CONSTRAINT "live_claim_unknown_refs_event_id_tiktok_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."tiktok_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_claim_unknown_refs_event_ref" ON "live_claim_unknown_refs" USING btree ("event_id","ref");--> statement-breakpoint
CREATE INDEX "live_claim_unknown_refs_live_version_idx" ON "live_claim_unknown_refs" USING btree ("live_id","version");--> statement-breakpoint
-- Sold claims are counted per live.
CREATE INDEX "live_claims_sold_idx" ON "live_claims" USING btree ("live_id") WHERE "live_claims"."release_reason" = 'sold';--> statement-breakpoint

-- The order of a line that holds the piece without any claim holding it through that line: the
-- piece was sold outside claims. Null when no such line holds it.
CREATE FUNCTION live_claim_sale_order(p_product_id uuid) RETURNS uuid AS $$
  SELECT i.order_id FROM order_items i
   WHERE i.product_id = p_product_id AND NOT i.is_released
     AND NOT EXISTS (SELECT 1 FROM live_claims c WHERE c.order_item_id = i.id AND c.state = 'in-order')
   ORDER BY i.created_at, i.id LIMIT 1;
$$ LANGUAGE sql STABLE;
--> statement-breakpoint

-- How a size is compared: no case, spaces or dots; no size at all is one size ('tu').
CREATE FUNCTION live_claim_size_key(p_size text) RETURNS text AS $$
  SELECT CASE WHEN k IN ('', 'tu', 'tailleunique', 'unique') THEN 'tu' ELSE k END
    FROM (SELECT lower(regexp_replace(coalesce(p_size, ''), '[[:space:].]', '', 'g')) AS k) s;
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint

-- Whether the comment asked for a size or a colour the piece is not (domain: requestDiffers).
CREATE FUNCTION live_claim_request_differs(p_product_id uuid, p_size text, p_color text) RETURNS boolean AS $$
  SELECT (p_size IS NOT NULL AND live_claim_size_key(p_size) <> live_claim_size_key(p.size))
      OR (p_color IS NOT NULL AND pc.name IS NOT NULL AND lower(p_color) <> lower(pc.name))
    FROM products p LEFT JOIN product_colors pc ON pc.id = p.color_id
   WHERE p.id = p_product_id;
$$ LANGUAGE sql STABLE;
--> statement-breakpoint

-- A claim of a reference that is no piece of the live: kept once per comment and reference.
CREATE FUNCTION live_claim_unknown_ref(p_live_id uuid, p_item jsonb, p_piece jsonb) RETURNS void AS $$
  INSERT INTO live_claim_unknown_refs (live_id, event_id, seq, handle, ref)
  VALUES (p_live_id, (p_item ->> 'eventId')::uuid, (p_item ->> 'seq')::bigint, p_item ->> 'handle',
          (p_piece ->> 'ref')::integer)
  ON CONFLICT (event_id, ref) DO NOTHING;
$$ LANGUAGE sql;
--> statement-breakpoint

-- A claim of a piece sold outside claims, answered at once: a claim row released 'sold' (once per
-- viewer and piece: a viewer asking again is not counted again). Whether the piece is so sold.
CREATE FUNCTION live_claim_sold(p_live_id uuid, p_item jsonb, p_piece jsonb, p_product_id uuid, p_doubt_reason text)
RETURNS boolean AS $$
BEGIN
  IF live_claim_sale_order(p_product_id) IS NULL THEN
    RETURN false;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM live_claims c
                  WHERE c.product_id = p_product_id AND c.handle = p_item ->> 'handle' AND c.release_reason = 'sold') THEN
    INSERT INTO live_claims (live_id, event_id, seq, handle, product_id, size_read, color_read, state, queue_rank,
                             release_reason, doubt_reason)
    VALUES (p_live_id, (p_item ->> 'eventId')::uuid, (p_item ->> 'seq')::bigint, p_item ->> 'handle', p_product_id,
            p_piece ->> 'size', p_piece ->> 'color', 'released', (p_item ->> 'seq')::bigint, 'sold', p_doubt_reason);
  END IF;
  RETURN true;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- A doubt (decision 037) at its comment's rank: pending when the piece is free, waitlisted when it
-- is held, its wait for staff scheduled.
CREATE FUNCTION live_claim_insert_doubt(
  p_live_id uuid, p_state live_claim_state, p_item jsonb, p_piece jsonb, p_product_id uuid, p_held boolean,
  p_reason text, p_rules jsonb
) RETURNS void AS $$
DECLARE
  v_claim live_claims;
BEGIN
  INSERT INTO live_claims AS c (live_id, event_id, seq, handle, product_id, size_read, color_read, state, queue_rank,
                                doubt_reason, doubt_until, doubt_reading)
  VALUES (p_live_id, (p_item ->> 'eventId')::uuid, (p_item ->> 'seq')::bigint, p_item ->> 'handle', p_product_id,
          p_piece ->> 'size', p_piece ->> 'color',
          CASE WHEN p_held THEN 'waitlisted' ELSE 'pending' END,
          (p_item ->> 'seq')::bigint,
          p_reason, now() + make_interval(secs => live_claim_doubt_wait(p_state, p_rules)),
          jsonb_build_object('claims', coalesce(p_item -> 'claims', '[]'),
                             'doubts', coalesce(p_item -> 'doubts', '[]'),
                             'unclaims', coalesce(p_item -> 'unclaims', '[]')))
  RETURNING * INTO v_claim;
  PERFORM graphile_worker.add_job('claim_doubt_expired', json_build_object('claimId', v_claim.id),
    run_at := v_claim.doubt_until, max_attempts := 10, job_key := 'claim-doubt:' || v_claim.id);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- A batch of the live's comments (as in claim_doubts), now knowing every piece's real state: a
-- reference that is no piece of the live is kept as unknown, a piece sold outside claims answers
-- its claim as sold, and in automatic mode a piece that is not what was asked waits for staff.
CREATE OR REPLACE FUNCTION live_claims_apply(
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
    FOR v_ref IN SELECT value::integer FROM jsonb_array_elements_text(coalesce(v_item -> 'unclaims', '[]')) LOOP
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
    FOR v_piece IN SELECT value FROM jsonb_array_elements(coalesce(v_item -> 'claims', '[]')) LOOP
      SELECT p.id INTO v_product_id FROM products p
       WHERE p.live_id = p_live_id AND p.ref = (v_piece ->> 'ref')::integer;
      IF v_product_id IS NULL THEN
        PERFORM live_claim_unknown_ref(p_live_id, v_item, v_piece);
        CONTINUE;
      END IF;
      -- A repeated claim is not a new one.
      CONTINUE WHEN EXISTS (SELECT 1 FROM live_claims c
                             WHERE c.product_id = v_product_id AND c.handle = v_handle AND c.state <> 'released');
      v_held := live_claim_piece_held(v_product_id, NULL);
      -- Nor is a claim of a piece already in one of the viewer's orders (added by hand).
      CONTINUE WHEN v_held AND EXISTS (
        SELECT 1 FROM held_pieces h JOIN orders o ON o.id = h.order_id JOIN users u ON u.id = o.user_id
         WHERE h.product_id = v_product_id AND lower(u.tiktok_username) = v_handle);
      -- A piece sold outside claims: answered at once, never queued.
      CONTINUE WHEN v_held AND live_claim_sold(p_live_id, v_item, v_piece, v_product_id, NULL);
      -- In automatic mode a piece that is not what the comment asked for is not given by itself:
      -- the claim waits for staff as a doubt, at its rank, like the reader's own doubts.
      IF v_state.mode = 'automatique'
         AND live_claim_request_differs(v_product_id, v_piece ->> 'size', v_piece ->> 'color') THEN
        PERFORM live_claim_insert_doubt(p_live_id, v_state, v_item, v_piece, v_product_id, v_held, 'mismatch', p_rules);
        CONTINUE;
      END IF;
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
    FOR v_piece IN SELECT value FROM jsonb_array_elements(coalesce(v_item -> 'doubts', '[]')) LOOP
      SELECT p.id INTO v_product_id FROM products p
       WHERE p.live_id = p_live_id AND p.ref = (v_piece ->> 'ref')::integer;
      IF v_product_id IS NULL THEN
        PERFORM live_claim_unknown_ref(p_live_id, v_item, v_piece);
        CONTINUE;
      END IF;
      -- A viewer who already claims the piece, or holds it, adds nothing by doubting it.
      CONTINUE WHEN EXISTS (SELECT 1 FROM live_claims c
                             WHERE c.product_id = v_product_id AND c.handle = v_handle AND c.state <> 'released');
      v_held := live_claim_piece_held(v_product_id, NULL);
      CONTINUE WHEN v_held AND EXISTS (
        SELECT 1 FROM held_pieces h JOIN orders o ON o.id = h.order_id JOIN users u ON u.id = o.user_id
         WHERE h.product_id = v_product_id AND lower(u.tiktok_username) = v_handle);
      CONTINUE WHEN v_held AND live_claim_sold(p_live_id, v_item, v_piece, v_product_id, v_piece ->> 'reason');
      PERFORM live_claim_insert_doubt(p_live_id, v_state, v_item, v_piece, v_product_id, v_held,
                                      v_piece ->> 'reason', p_rules);
    END LOOP;
  END LOOP;
  UPDATE live_claim_state s
     SET last_seq = p_last_seq, comments = s.comments + p_comments, updated_at = now()
   WHERE s.live_id = p_live_id;
  RETURN jsonb_build_object(
    'changed', EXISTS (SELECT 1 FROM live_claims c WHERE c.live_id = p_live_id AND c.version > v_before)
            OR EXISTS (SELECT 1 FROM live_claim_unknown_refs u WHERE u.live_id = p_live_id AND u.version > v_before),
    'orders', to_jsonb(v_orders));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- What the engine does besides comments (as in claim_doubts), and the claims of pieces sold
-- outside claims since they were made answered as sold.
CREATE OR REPLACE FUNCTION live_claims_settle(p_live_id uuid, p_overdue_seconds integer, p_rules jsonb) RETURNS jsonb AS $$
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
  FOR v_claim_id IN
    SELECT c.id FROM live_claims c
     WHERE c.live_id = p_live_id AND c.doubt_until IS NOT NULL AND c.confirmed_at IS NULL
       AND c.state IN ('pending', 'waitlisted')
       AND c.doubt_until < now() - make_interval(secs => p_overdue_seconds)
     ORDER BY c.doubt_until
  LOOP
    v_expired := live_claim_doubt_expire(v_claim_id, p_rules);
    v_orders := v_orders || ARRAY(SELECT jsonb_array_elements_text(coalesce(v_expired -> 'orders', '[]')))::uuid[];
  END LOOP;
  -- Pieces sold outside claims since (added to an order by reference): the claims still waiting
  -- for them, or holding them as pending, are answered as sold, once, and never handed the piece.
  FOR v_product_id IN
    SELECT p.id FROM products p
     WHERE p.live_id = p_live_id
       AND EXISTS (SELECT 1 FROM live_claims w WHERE w.product_id = p.id AND w.state IN ('pending', 'waitlisted'))
       AND live_claim_sale_order(p.id) IS NOT NULL
  LOOP
    UPDATE live_claims c SET state = 'released', release_reason = 'sold', doubt_until = NULL
     WHERE c.product_id = v_product_id AND c.state IN ('pending', 'waitlisted');
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
