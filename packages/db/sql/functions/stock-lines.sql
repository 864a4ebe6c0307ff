-- docs/product/orders-and-payments.md (Stock at pickup): the lines of an order with what one
-- branch holds of each (p_branch), or the most any one branch of the market holds (p_branch
-- NULL): only the lines short of their count (p_only_short), or all of them. Names in every
-- language, so a refusal can say which line is missing where. Used by place_order.
CREATE OR REPLACE FUNCTION "stock_lines"(p_branch int, p_market text, p_vid int[], p_cnt int[],
    p_only_short boolean) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('variation_id', x.vid,
      'product_id', pv.product_id, 'name', pr.name, 'variation', pv.label, 'count', x.n,
      'available', s.available) ORDER BY x.vid), '[]'::jsonb)
    FROM unnest(p_vid, p_cnt) AS x(vid, n)
    JOIN product_variations pv ON pv.id = x.vid
    JOIN products pr ON pr.id = pv.product_id
    CROSS JOIN LATERAL (
      SELECT coalesce(max(bs.quantity), 0) AS available FROM branch_stock bs
        JOIN branches b ON b.id = bs.branch_id
        WHERE bs.variation_id = x.vid AND b.market = p_market
          AND (p_branch IS NULL OR bs.branch_id = p_branch)
    ) s
    WHERE NOT p_only_short OR s.available < x.n
$$;
