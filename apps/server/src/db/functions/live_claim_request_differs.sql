-- Whether the comment asked for a size or a colour the piece is not (domain: requestDiffers).
CREATE OR REPLACE FUNCTION live_claim_request_differs(p_product_id uuid, p_size text, p_color text) RETURNS boolean AS $$
  SELECT (p_size IS NOT NULL AND live_claim_size_key(p_size) <> live_claim_size_key(p.size))
      OR (p_color IS NOT NULL AND pc.name IS NOT NULL AND lower(p_color) <> lower(pc.name))
    FROM products p LEFT JOIN product_colors pc ON pc.id = p.color_id
   WHERE p.id = p_product_id;
$$ LANGUAGE sql STABLE;
