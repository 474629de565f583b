-- Doubtful claims (decision 037). A comment the reader is not sure of ("le 7 pour moi si mon mari est d'accord")
-- makes a claim 'À confirmer': a row like any claim, at its comment's rank, pending when the piece
-- is free and waitlisted when it is held, but never given by the engine. While it waits it keeps
-- its place: a pending doubt holds the piece (pending counts in live_claim_piece_held), so later
-- claimers wait behind it, until staff answer it ('confirm': a claim at its rank, given at once
-- when it holds the piece; 'ignore': released) or its wait runs out (the job claim_doubt_expired,
-- the settle's backstop). Every answer is kept (live_claim_doubt_answers) for the labelled corpus.
--
-- Staff actions are done once: each records who did it (decided_by_user_id, decided_action,
-- decided_at); an action refused because that claim moved on by another staff action is refused
-- as 'claim:already-done', naming the staff member in its HINT ('Déjà fait par Marie').
--
-- p_rules gains shopDoubtSeconds (CLAIM_DOUBT_SECONDS).

ALTER TABLE "live_claims" ADD COLUMN "doubt_reason" text;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "doubt_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "doubt_reading" jsonb;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "decided_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "decided_action" text;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "holding_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_doubt_reason" CHECK ("live_claims"."doubt_reason" IS NULL OR "live_claims"."doubt_reason" in ('question', 'condition', 'choice', 'swap', 'correction', 'unclear'));--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_decided_action" CHECK ("live_claims"."decided_action" IS NULL OR "live_claims"."decided_action" in ('give', 'release', 'skip', 'remove', 'confirm', 'ignore'));--> statement-breakpoint
ALTER TABLE "live_claims" DROP CONSTRAINT "live_claims_release_reason";--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_release_reason" CHECK (("live_claims"."state" = 'released') = ("live_claims"."release_reason" IS NOT NULL) AND ("live_claims"."release_reason" IS NULL OR "live_claims"."release_reason" in ('un-claimed', 'hold-expired', 'staff', 'order-cancelled', 'doubt-ignored', 'doubt-expired')));--> statement-breakpoint
-- The doubts still waiting for staff: the settle's backstop and the sweep look for those past due.
CREATE INDEX "live_claims_doubt_until_idx" ON "live_claims" USING btree ("doubt_until") WHERE "live_claims"."doubt_until" IS NOT NULL AND "live_claims"."confirmed_at" IS NULL AND "live_claims"."state" in ('pending', 'waitlisted');--> statement-breakpoint
ALTER TABLE "live_claim_state" ADD COLUMN "doubt_seconds" integer;--> statement-breakpoint
ALTER TABLE "live_claim_state" ADD CONSTRAINT "live_claim_state_doubt_positive" CHECK ("live_claim_state"."doubt_seconds" IS NULL OR "live_claim_state"."doubt_seconds" > 0);--> statement-breakpoint
CREATE TABLE "live_claim_doubt_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"live_id" uuid NOT NULL,
	"claim_id" uuid NOT NULL,
	"handle" text NOT NULL,
	"comment" text NOT NULL,
	"reading" jsonb,
	"ref" integer NOT NULL,
	"answer" text NOT NULL,
	"answered_by_user_id" uuid,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_claim_doubt_answers_answer" CHECK ("live_claim_doubt_answers"."answer" in ('confirmed', 'ignored', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "live_claim_doubt_answers" ADD CONSTRAINT "live_claim_doubt_answers_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claim_doubt_answers" ADD CONSTRAINT "live_claim_doubt_answers_claim_id_live_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."live_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claim_doubt_answers" ADD CONSTRAINT "live_claim_doubt_answers_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_claim_doubt_answers_live_idx" ON "live_claim_doubt_answers" USING btree ("live_id","answered_at");--> statement-breakpoint
CREATE INDEX "live_claim_doubt_answers_claim_idx" ON "live_claim_doubt_answers" USING btree ("claim_id");--> statement-breakpoint

-- When a claim last began to hold its piece (pending, or in an order): live:check proves from it
-- that no later claimer got a piece while a doubt ahead of it waited. Claims from before this
-- migration have none. The WHEN clauses keep the function from being called for the claims that
-- only wait, most of a busy live's.
CREATE FUNCTION live_claims_mark_holding() RETURNS trigger AS $$
BEGIN
  NEW.holding_since := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER live_claims_holding_insert BEFORE INSERT ON live_claims
  FOR EACH ROW WHEN (NEW.state IN ('pending', 'in-order'))
  EXECUTE FUNCTION live_claims_mark_holding();
--> statement-breakpoint
CREATE TRIGGER live_claims_holding_update BEFORE UPDATE OF state ON live_claims
  FOR EACH ROW WHEN (NEW.state IN ('pending', 'in-order') AND OLD.state NOT IN ('pending', 'in-order'))
  EXECUTE FUNCTION live_claims_mark_holding();
--> statement-breakpoint

-- 'À confirmer': a doubt staff have not confirmed, waiting for the piece or holding it as pending
-- (the domain's isToConfirm says the same).
CREATE FUNCTION live_claim_to_confirm(p_claim live_claims) RETURNS boolean AS $$
  SELECT (p_claim).doubt_reason IS NOT NULL AND (p_claim).confirmed_at IS NULL
     AND (p_claim).state IN ('pending', 'waitlisted');
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint

-- How long a doubt waits for staff: the live's own, else the shop's.
CREATE FUNCTION live_claim_doubt_wait(p_state live_claim_state, p_rules jsonb) RETURNS integer AS $$
  SELECT coalesce((p_state).doubt_seconds, (p_rules ->> 'shopDoubtSeconds')::integer);
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint

-- One answer to a doubt, with what the corpus needs: the comment, the reading the engine made of
-- it, the piece's ref, who answered (null: its wait ran out).
CREATE FUNCTION live_claim_doubt_answer(p_claim_id uuid, p_answer text, p_user_id uuid) RETURNS void AS $$
  INSERT INTO live_claim_doubt_answers (live_id, claim_id, handle, comment, reading, ref, answer, answered_by_user_id)
  SELECT c.live_id, c.id, c.handle, coalesce(e.comment, ''), c.doubt_reading, p.ref, p_answer, p_user_id
    FROM live_claims c JOIN products p ON p.id = c.product_id LEFT JOIN tiktok_events e ON e.id = c.event_id
   WHERE c.id = p_claim_id;
$$ LANGUAGE sql;
--> statement-breakpoint

-- The piece is free: the next waitlisted claim by rank gets it (given at once in automatic mode,
-- pending in manual mode or when the give is refused). A doubt to confirm next in line becomes
-- pending, still to confirm: the engine never gives a doubt. Returns the order given into, or null.
CREATE OR REPLACE FUNCTION live_claim_hand_over(p_state live_claim_state, p_product_id uuid, p_rules jsonb) RETURNS uuid AS $$
DECLARE
  v_next live_claims;
  v_order_id uuid;
BEGIN
  IF live_claim_piece_held(p_product_id, NULL) THEN
    RETURN NULL;
  END IF;
  SELECT w.* INTO v_next FROM live_claims w
   WHERE w.product_id = p_product_id AND w.state = 'waitlisted'
   ORDER BY w.queue_rank, w.seq LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF p_state.mode = 'automatique' AND NOT live_claim_to_confirm(v_next) THEN
    v_order_id := live_claim_try_give(v_next.id, live_claim_hold(p_state, p_rules), p_rules);
    IF v_order_id IS NOT NULL THEN
      RETURN v_order_id;
    END IF;
  END IF;
  UPDATE live_claims c SET state = 'pending' WHERE c.id = v_next.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- A batch of the live's chat comments, read by the server in seq order (p_after_seq < seq <=
-- p_last_seq, p_comments of them), applied in that order: p_items are the comments that read as
-- something, [{ seq, eventId, handle, unclaims: [ref], claims: [{ ref, size, color }], doubts:
-- [{ ref, size, color, reason }] }]. A comment's un-claims are applied first, then its claims, then
-- its doubts, so "plus le 12, plutôt le 14" frees the 12 before taking the 14, sure or not. A doubt
-- is a claim at its comment's rank that the engine never gives: pending (holding the piece) or
-- waitlisted, until staff answer it or its wait runs out (the job claim_doubt_expired). Refused as
-- 'stale' (nothing done) when the live's cursor is no longer p_after_seq: someone else applied them.
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
    FOR v_piece IN SELECT value FROM jsonb_array_elements(coalesce(v_item -> 'doubts', '[]')) LOOP
      SELECT p.id INTO v_product_id FROM products p
       WHERE p.live_id = p_live_id AND p.ref = (v_piece ->> 'ref')::integer;
      CONTINUE WHEN v_product_id IS NULL;
      -- A viewer who already claims the piece, or holds it, adds nothing by doubting it.
      CONTINUE WHEN EXISTS (SELECT 1 FROM live_claims c
                             WHERE c.product_id = v_product_id AND c.handle = v_handle AND c.state <> 'released');
      v_held := live_claim_piece_held(v_product_id, NULL);
      CONTINUE WHEN v_held AND EXISTS (
        SELECT 1 FROM held_pieces h JOIN orders o ON o.id = h.order_id JOIN users u ON u.id = o.user_id
         WHERE h.product_id = v_product_id AND lower(u.tiktok_username) = v_handle);
      INSERT INTO live_claims AS c (live_id, event_id, seq, handle, product_id, size_read, color_read, state, queue_rank,
                                    doubt_reason, doubt_until, doubt_reading)
      VALUES (p_live_id, (v_item ->> 'eventId')::uuid, (v_item ->> 'seq')::bigint, v_handle, v_product_id,
              v_piece ->> 'size', v_piece ->> 'color',
              CASE WHEN v_held THEN 'waitlisted' ELSE 'pending' END,
              (v_item ->> 'seq')::bigint,
              v_piece ->> 'reason', now() + make_interval(secs => live_claim_doubt_wait(v_state, p_rules)),
              jsonb_build_object('claims', coalesce(v_item -> 'claims', '[]'),
                                 'doubts', coalesce(v_item -> 'doubts', '[]'),
                                 'unclaims', coalesce(v_item -> 'unclaims', '[]')))
      RETURNING * INTO v_claim;
      PERFORM graphile_worker.add_job('claim_doubt_expired', json_build_object('claimId', v_claim.id),
        run_at := v_claim.doubt_until, max_attempts := 10, job_key := 'claim-doubt:' || v_claim.id);
    END LOOP;
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

-- A doubt's wait ran out (the job claim_doubt_expired, or the settle's backstop): under the claim
-- lock, a doubt still to confirm is released ('doubt-expired'), its answer kept as 'expired', and
-- the piece it held handed over. A doubt answered meanwhile, or released, changes nothing; one
-- whose end is not there yet is scheduled again. Returns the live, the outcome, the orders changed.
CREATE FUNCTION live_claim_doubt_expire(p_claim_id uuid, p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_live_id uuid;
  v_state live_claim_state;
  v_claim live_claims;
  v_release record;
BEGIN
  SELECT c.live_id INTO v_live_id FROM live_claims c WHERE c.id = p_claim_id;
  IF v_live_id IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none');
  END IF;
  v_state := live_claim_lock(v_live_id);
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id;
  IF NOT live_claim_to_confirm(v_claim) OR v_claim.doubt_until IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none', 'liveId', v_live_id);
  END IF;
  IF v_claim.doubt_until > now() THEN
    PERFORM graphile_worker.add_job('claim_doubt_expired', json_build_object('claimId', p_claim_id),
      run_at := v_claim.doubt_until, max_attempts := 10, job_key := 'claim-doubt:' || p_claim_id);
    RETURN jsonb_build_object('outcome', 'deferred', 'liveId', v_live_id);
  END IF;
  UPDATE live_claims c SET doubt_until = NULL WHERE c.id = p_claim_id;
  SELECT * INTO v_release FROM live_claim_release(v_state, p_claim_id, 'doubt-expired', false, p_rules);
  PERFORM live_claim_doubt_answer(p_claim_id, 'expired', NULL);
  RETURN jsonb_build_object('outcome', v_release.outcome, 'liveId', v_live_id,
                            'orders', to_jsonb(v_release.orders_changed));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- What the engine does besides comments, under the claim lock: the inbox applied (claims whose
-- line the order page removed or whose order was cancelled are released and their pieces handed
-- over), holds and doubts past due by more than p_overdue_seconds expired (a backstop for their
-- jobs), and pieces free again with a waitlist (a line added by hand and removed) handed over.
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

-- A staff action refused because the claim is no longer in a state it applies to. When the last
-- change of the claim was another staff member's action, or the same action by anyone (a double
-- click, two tabs), it was already done: 'claim:already-done', the staff member's id in the HINT.
CREATE FUNCTION live_claim_refuse(p_claim live_claims, p_user_id uuid, p_action text, p_reason text) RETURNS void AS $$
BEGIN
  IF p_claim.decided_by_user_id IS NOT NULL AND p_claim.decided_at = p_claim.updated_at
     AND (p_claim.decided_by_user_id IS DISTINCT FROM p_user_id OR p_claim.decided_action = p_action) THEN
    RAISE EXCEPTION 'claim:already-done' USING HINT = p_claim.decided_by_user_id::text;
  END IF;
  RAISE EXCEPTION 'claim:%', p_reason;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

DROP FUNCTION live_claim_staff_action(uuid, uuid, text, jsonb);
--> statement-breakpoint

-- Staff's actions on one claim of the live, by p_user_id, under the claim lock (so each sees the
-- one before it done):
-- 'give' (a pending or waitlisted claim, the piece not held by anyone else; on a doubt to confirm
-- it is its confirmation too), 'release' (a pending claim, or one in an order whose lines may
-- change; on a doubt to confirm, its 'ignore'), 'skip' (a waitlisted claim to the end of its
-- waitlist), 'remove' (a waitlisted claim off it; on a doubt to confirm, its 'ignore'), 'confirm'
-- (a doubt to confirm becomes a claim at its rank, given at once when it is pending, in either
-- mode; waitlisted, it waits at its rank and is handed the piece as any claim), 'ignore' (a doubt
-- to confirm is released, 'doubt-ignored', the piece it held handed over).
-- Each records who did it and when; an answer to a doubt is kept. Refusals raise 'claim:not-found',
-- 'claim:piece-held', 'claim:not-waiting', 'claim:not-holding', 'claim:not-to-confirm',
-- 'claim:already-done' (live_claim_refuse) or the orders core's. Returns the orders changed.
CREATE FUNCTION live_claim_staff_action(p_live_id uuid, p_claim_id uuid, p_action text, p_user_id uuid, p_rules jsonb)
RETURNS jsonb AS $$
DECLARE
  v_state live_claim_state;
  v_claim live_claims;
  v_release record;
  v_given uuid;
  v_orders uuid[] := '{}';
  v_answer text;
  v_reason text;
BEGIN
  v_state := live_claim_lock(p_live_id);
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id AND c.live_id = p_live_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'claim:not-found';
  END IF;
  IF p_action = 'give' THEN
    IF v_claim.state NOT IN ('pending', 'waitlisted') THEN
      PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-waiting');
    END IF;
    IF live_claim_piece_held(v_claim.product_id, v_claim.id) THEN
      RAISE EXCEPTION 'claim:piece-held';
    END IF;
    IF live_claim_to_confirm(v_claim) THEN
      v_answer := 'confirmed';
    END IF;
    v_orders := v_orders || live_claim_give(v_claim.id, live_claim_hold(v_state, p_rules), p_rules);
  ELSIF p_action = 'confirm' THEN
    IF NOT live_claim_to_confirm(v_claim) THEN
      PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-to-confirm');
    END IF;
    v_answer := 'confirmed';
    IF v_claim.state = 'pending' THEN
      v_orders := v_orders || live_claim_give(v_claim.id, live_claim_hold(v_state, p_rules), p_rules);
    END IF;
  ELSIF p_action = 'ignore' THEN
    IF NOT live_claim_to_confirm(v_claim) THEN
      PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-to-confirm');
    END IF;
    v_answer := 'ignored';
    SELECT * INTO v_release FROM live_claim_release(v_state, v_claim.id, 'doubt-ignored', false, p_rules);
    v_orders := v_orders || v_release.orders_changed;
  ELSIF p_action = 'release' THEN
    IF v_claim.state NOT IN ('pending', 'in-order') THEN
      PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-holding');
    END IF;
    v_reason := 'staff';
    IF live_claim_to_confirm(v_claim) THEN
      v_answer := 'ignored';
      v_reason := 'doubt-ignored';
    END IF;
    SELECT * INTO v_release FROM live_claim_release(v_state, v_claim.id, v_reason, false, p_rules);
    IF v_release.outcome <> 'released' THEN
      RAISE EXCEPTION 'claim:not-holding';
    END IF;
    v_orders := v_orders || v_release.orders_changed;
  ELSIF p_action IN ('skip', 'remove') THEN
    IF v_claim.state <> 'waitlisted' THEN
      PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-waiting');
    END IF;
    IF p_action = 'skip' THEN
      -- Skipped just now and still last: a second skip is the same click again.
      IF v_claim.decided_action = 'skip' AND v_claim.decided_at = v_claim.updated_at
         AND NOT EXISTS (SELECT 1 FROM live_claims w
                          WHERE w.product_id = v_claim.product_id AND w.state = 'waitlisted'
                            AND w.queue_rank > v_claim.queue_rank) THEN
        PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-waiting');
      END IF;
      UPDATE live_claims c
         SET queue_rank = (SELECT max(w.queue_rank) + 1 FROM live_claims w
                            WHERE w.product_id = v_claim.product_id AND w.state = 'waitlisted')
       WHERE c.id = v_claim.id;
    ELSE
      v_reason := 'staff';
      IF live_claim_to_confirm(v_claim) THEN
        v_answer := 'ignored';
        v_reason := 'doubt-ignored';
      END IF;
      UPDATE live_claims c SET state = 'released', release_reason = v_reason WHERE c.id = v_claim.id;
    END IF;
  ELSE
    RAISE EXCEPTION 'claim:unknown-action';
  END IF;
  UPDATE live_claims c
     SET decided_by_user_id = p_user_id, decided_action = p_action, decided_at = now(),
         confirmed_at = CASE WHEN v_answer = 'confirmed' THEN now() ELSE c.confirmed_at END,
         doubt_until = CASE WHEN v_answer IS NULL THEN c.doubt_until END
   WHERE c.id = v_claim.id;
  IF v_answer IS NOT NULL THEN
    PERFORM live_claim_doubt_answer(v_claim.id, v_answer, p_user_id);
  END IF;
  IF p_action = 'confirm' AND v_claim.state = 'waitlisted' THEN
    -- Waitlisted for a piece nobody holds any more (a line added by hand, then removed): served now.
    v_given := live_claim_hand_over(v_state, v_claim.product_id, p_rules);
    IF v_given IS NOT NULL THEN
      v_orders := v_orders || v_given;
    END IF;
  END IF;
  RETURN jsonb_build_object('orders', to_jsonb(v_orders));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

DROP FUNCTION live_claim_settings_set(uuid, text, integer, jsonb);
--> statement-breakpoint

-- A live's mode, own hold and own doubt wait (p_set_doubt false: the wait unchanged); switching to
-- automatique gives the pending claims at once, in receive order, except doubts still to confirm:
-- those wait for staff in both modes. Returns the orders changed.
CREATE FUNCTION live_claim_settings_set(
  p_live_id uuid, p_mode text, p_hold_seconds integer, p_set_doubt boolean, p_doubt_seconds integer, p_rules jsonb
) RETURNS jsonb AS $$
DECLARE
  v_state live_claim_state;
  v_claim_id uuid;
  v_order_id uuid;
  v_orders uuid[] := '{}';
BEGIN
  v_state := live_claim_lock(p_live_id);
  UPDATE live_claim_state s
     SET mode = p_mode, hold_seconds = p_hold_seconds,
         doubt_seconds = CASE WHEN p_set_doubt THEN p_doubt_seconds ELSE s.doubt_seconds END,
         updated_at = now()
   WHERE s.live_id = p_live_id
  RETURNING * INTO v_state;
  IF p_mode = 'automatique' THEN
    FOR v_claim_id IN
      SELECT c.id FROM live_claims c
       WHERE c.live_id = p_live_id AND c.state = 'pending' AND NOT live_claim_to_confirm(c)
       ORDER BY c.seq
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
