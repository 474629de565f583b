-- What a claim shows to whoever reads it (staff's claims view, the customer's live page, the
-- live's figures): its stored state, told finer. One given into a paid order is 'paid' and one in
-- an order still to pay 'reserved'; a released one says why when its viewer should know
-- ('expired': the hold ran out; 'sold': the piece went another way); a doubt staff have not
-- answered is 'to-confirm' wherever it stands in line. Whether the order is paid comes from the
-- caller, which holds the paid statuses (the domain's PAID_ORDER_STATUSES).
CREATE OR REPLACE FUNCTION live_claim_shown_state(p_claim live_claims, p_order_paid boolean) RETURNS text AS $$
  SELECT CASE
           WHEN (p_claim).state = 'in-order' AND coalesce(p_order_paid, false) THEN 'paid'
           WHEN (p_claim).state = 'in-order' THEN 'reserved'
           WHEN (p_claim).state = 'released' AND (p_claim).release_reason = 'hold-expired' THEN 'expired'
           WHEN (p_claim).state = 'released' AND (p_claim).release_reason = 'sold' THEN 'sold'
           WHEN live_claim_to_confirm(p_claim) THEN 'to-confirm'
           ELSE (p_claim).state::text
         END;
$$ LANGUAGE sql IMMUTABLE;
