CREATE OR REPLACE FUNCTION live_claim_editable(p_rules jsonb) RETURNS order_status[] AS $$
  SELECT ARRAY(SELECT jsonb_array_elements_text(p_rules -> 'editable'))::order_status[];
$$ LANGUAGE sql IMMUTABLE;
