-- The claim state machine's moves, as packages/domain's CLAIM_TRANSITIONS lists them (a test holds
-- the two lists equal): (from, to, the release reason a move to 'released' stores). Any other
-- change of state is refused, whatever wrote it: a bug in one of the engine's functions fails its
-- transaction instead of leaving a claim in a state no reader expects. Not a refusal anyone is
-- shown: nothing the app does reaches it (check_violation, which the engine's gives do not catch).
CREATE OR REPLACE FUNCTION live_claims_guard_move() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM (VALUES
      ('pending', 'in-order', NULL),
      ('waitlisted', 'in-order', NULL),
      ('waitlisted', 'pending', NULL),
      ('released', 'in-order', NULL),
      ('pending', 'waitlisted', NULL),
      ('in-order', 'waitlisted', NULL),
      ('pending', 'released', 'un-claimed'),
      ('waitlisted', 'released', 'un-claimed'),
      ('in-order', 'released', 'un-claimed'),
      ('pending', 'released', 'staff'),
      ('waitlisted', 'released', 'staff'),
      ('in-order', 'released', 'staff'),
      ('in-order', 'released', 'hold-expired'),
      ('in-order', 'released', 'order-cancelled'),
      ('pending', 'released', 'doubt-ignored'),
      ('waitlisted', 'released', 'doubt-ignored'),
      ('pending', 'released', 'doubt-expired'),
      ('waitlisted', 'released', 'doubt-expired'),
      ('pending', 'released', 'sold'),
      ('waitlisted', 'released', 'sold')
    ) AS m(from_state, to_state, release_reason)
    WHERE m.from_state = OLD.state AND m.to_state = NEW.state
      AND (NEW.state <> 'released' OR m.release_reason = NEW.release_reason)
  ) THEN
    RAISE EXCEPTION 'claim:no-such-move' USING ERRCODE = 'check_violation',
      DETAIL = format('%s -> %s (%s)', OLD.state, NEW.state, coalesce(NEW.release_reason, '-'));
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
