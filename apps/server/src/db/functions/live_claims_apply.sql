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
  -- What came due since the last batch goes first, in the same statement: no settle of its own
  -- runs while comments come, and each index probe costs next to nothing when nothing is due.
  v_orders := live_claims_apply_inbox(v_state, p_rules) || live_claims_expire_doubts(v_state, p_rules);
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
      SELECT r.piece_id, r.piece_held INTO v_product_id, v_held
        FROM live_claim_read_piece(p_live_id, v_item, v_piece, NULL) r;
      CONTINUE WHEN v_product_id IS NULL;
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
      SELECT r.piece_id, r.piece_held INTO v_product_id, v_held
        FROM live_claim_read_piece(p_live_id, v_item, v_piece, v_piece ->> 'reason') r;
      CONTINUE WHEN v_product_id IS NULL;
      PERFORM live_claim_insert_doubt(p_live_id, v_state, v_item, v_piece, v_product_id, v_held,
                                      v_piece ->> 'reason', p_rules);
    END LOOP;
  END LOOP;
  UPDATE live_claim_state s
     SET last_seq = p_last_seq, comments = s.comments + p_comments, updated_at = now()
   WHERE s.live_id = p_live_id;
  -- Any version drawn since says a claim or an unknown ref of this live changed (another live's
  -- drawn meanwhile only costs its streams a read for nothing): no look through the live's claims.
  RETURN jsonb_build_object('changed', live_claim_version_now() > v_before, 'orders', to_jsonb(v_orders));
END;
$$ LANGUAGE plpgsql;
