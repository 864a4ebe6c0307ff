-- docs/product/orders-and-payments.md, ADR 040: an order is placed by one call of this function,
-- one round trip and one transaction (the statement's own, or the caller's under SERIALIZABLE).
-- The API has validated the request and computed the PIN's keyed hash with the current salt; the
-- rules' numbers (the initial status, the PIN's limits, each country's currency and delivery fee
-- rule, the key's time limits) come in `p` from packages/domain, so they live in one place.
--
-- The Idempotency-Key is judged here, in the order's own transaction: a second request with the
-- same key waits for the first (on the customer's row) and then answers its order
-- ({"replay": id}), or its refusal when it repeats a wrong PIN exactly (counted once). A refusal
-- raises SQLSTATE PA001 with the message in English and {code, extra} as DETAIL, and everything
-- the call wrote is rolled back, the key included. A wrong PIN returns instead of raising,
-- because its count must stay.
CREATE OR REPLACE FUNCTION "place_order"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_user int := (p->>'user_id')::int;
  v_key text := p->>'key';
  v_now timestamptz := (p->>'now')::timestamptz;
  v_market text;
  v_status text;
  v_cut_off timestamptz;
  v_revoked timestamptz;
  v_currency text;
  v_preferred int;
  v_pin record;
  v_held idempotency_keys%ROWTYPE;
  v_refusal jsonb;
  v_before int;
  v_failures int;
  v_locked timestamptz;
  v_vid int[];
  v_cnt int[];
  v_pid int[];
  v_price int[];
  v_name jsonb[];
  v_label jsonb[];
  v_subtotal bigint;
  v_found int;
  v_shipping int := 0;
  v_total bigint;
  v_address jsonb;
  v_branch int;
  v_branch_name jsonb;
  v_taken int[];
  v_left int[];
  v_order jsonb;
  v_order_id int;
  v_items jsonb;
  v_short jsonb;
  v_miss_vid int[];
  v_miss_cnt int[];
BEGIN
  -- The customer's row is held to the end: one order of theirs at a time. NO KEY UPDATE, as
  -- the key's and the order's references to the customer take KEY SHARE: two orders of one
  -- customer then queue here instead of deadlocking.
  SELECT u.market, u.preferred_branch_id, u.status, u.tokens_valid_after
    INTO v_market, v_preferred, v_status, v_cut_off
    FROM users u WHERE u.id = v_user FOR NO KEY UPDATE;
  -- docs/product/accounts.md: the session behind the (already verified) token must live, its user
  -- must not be suspended, and the token must be newer than the user's cut-off: the checks of
  -- the API's checkSession, in the same order, here so that they cost no round trip of their own.
  SELECT s.revoked_at INTO v_revoked
    FROM auth_sessions s WHERE s.id = p->'session'->>'id' AND s.user_id = v_user;
  IF NOT FOUND OR v_market IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'Invalid access token',
      DETAIL = '{"code":"TOKEN_INVALID"}';
  END IF;
  IF v_status = 'suspended' THEN
    RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'Your account is suspended',
      DETAIL = '{"code":"ACCOUNT_SUSPENDED"}';
  END IF;
  IF v_revoked IS NOT NULL OR (v_cut_off IS NOT NULL
      AND (p->'session'->>'issued_at_ms')::bigint + 1000 <= extract(epoch FROM v_cut_off) * 1000) THEN
    RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'Session ended',
      DETAIL = '{"code":"SESSION_REVOKED"}';
  END IF;

  -- The key, unless the API took it already (a payment by device: ADR 040). Two requests with
  -- one key are of one customer, so the lock above has made the second wait for the first: what
  -- the first left is read here, and the key is written once, with the answer, at the end.
  IF NOT coalesce((p->>'key_taken')::boolean, false) THEN
    SELECT * INTO v_held FROM idempotency_keys WHERE user_id = v_user AND key = v_key;
    -- Taken over: a request that died, a day gone by, or a refusal that this request does not
    -- merely repeat (another body, or another PIN).
    IF FOUND AND NOT ((v_held.status <> 'done'
          AND v_held.created_at < (p->>'stale_before')::timestamptz)
        OR v_held.created_at < (p->>'expired_before')::timestamptz
        OR (v_held.status = 'refused' AND (v_held.request_hash <> p->>'request_hash'
          OR v_held.response_body->>'mac' IS DISTINCT FROM p->'pin'->>'mac'))) THEN
      IF v_held.request_hash <> p->>'request_hash' THEN
        RAISE EXCEPTION USING ERRCODE = 'PA001',
          MESSAGE = 'This Idempotency-Key was used for another order',
          DETAIL = '{"code":"IDEMPOTENCY_MISMATCH"}';
      END IF;
      IF v_held.status = 'done' THEN
        RETURN jsonb_build_object('replay', (v_held.response_body->>'id')::int);
      END IF;
      IF v_held.status = 'refused' THEN
        RETURN v_held.response_body - 'mac';
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'This order is still being placed',
        DETAIL = '{"code":"IDEMPOTENCY_IN_FLIGHT","retry_after_seconds":1}';
    END IF;
  END IF;

  v_currency := p->'currencies'->>v_market;

  -- docs/product/orders-and-payments.md (Payment PIN): one try at a time, under the PIN's lock.
  -- Refused without a try (no PIN, or payment locked) before anything else; the try itself is
  -- judged once the order is known to be possible (Stock at pickup, below).
  IF p ? 'pin' THEN
    SELECT pin_hash, failures, locked_until INTO v_pin
      FROM payment_pins WHERE user_id = v_user FOR UPDATE;
    -- Refused without a try: nothing is written, the key included.
    IF NOT FOUND THEN
      RETURN jsonb_build_object('refused', 'PIN_NOT_SET');
    END IF;
    IF v_pin.locked_until > v_now THEN
      RETURN jsonb_build_object('refused', 'PIN_LOCKED', 'locked_until', v_pin.locked_until);
    END IF;
  ELSIF p ? 'authorised_total' THEN
    -- docs/product/orders-and-payments.md (Biometrics), ADR 060: one lock for the money, whatever
    -- the factor. A payment by device is refused while the PIN is locked, judged here under the
    -- customer's lock and the PIN row's, so a lock that lands first is always seen. Nothing was
    -- written yet (the API took the key and gives it back).
    SELECT locked_until INTO v_locked FROM payment_pins WHERE user_id = v_user FOR UPDATE;
    IF v_locked > v_now THEN
      RETURN jsonb_build_object('refused', 'PIN_LOCKED', 'locked_until', v_locked);
    END IF;
  END IF;

  -- The lines, priced in the customer's country: named in the order, or the cart's ticked ones.
  -- Each pack is looked up by its key (OFFSET 0 keeps the lookup per line: a handful of lines
  -- should not cost a scan of the whole catalogue).
  WITH wanted AS (
    SELECT l.variation_id, l.count
      FROM jsonb_to_recordset(CASE WHEN jsonb_typeof(p->'lines') = 'array' THEN p->'lines' END)
        AS l(variation_id int, count int)
    UNION ALL
    SELECT c.variation_id, c.count FROM cart_items c
      WHERE jsonb_typeof(p->'lines') IS DISTINCT FROM 'array' AND c.user_id = v_user
        AND c.selected
  )
  SELECT array_agg(v.id ORDER BY v.id), array_agg(w.count ORDER BY v.id),
      array_agg(v.product_id ORDER BY v.id), array_agg(v.price ORDER BY v.id),
      array_agg(v.name ORDER BY v.id), array_agg(v.label ORDER BY v.id),
      sum(w.count::bigint * v.price), count(*)
    INTO v_vid, v_cnt, v_pid, v_price, v_name, v_label, v_subtotal, v_found
    FROM wanted w
    CROSS JOIN LATERAL (
      SELECT pv.id, pv.product_id, pv.label, pr.name,
          -- docs/product/back-office.md (Products): a hidden product is not for sale.
          CASE WHEN pr.hidden_at IS NOT NULL THEN NULL
            WHEN v_market = 'TH' THEN pv.price_th_minor ELSE pv.price_my_minor END AS price
        FROM product_variations pv JOIN products pr ON pr.id = pv.product_id
        WHERE pv.id = w.variation_id
        OFFSET 0
    ) v;
  IF jsonb_typeof(p->'lines') = 'array' AND v_found <> jsonb_array_length(p->'lines') THEN
    RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'Product not found',
      DETAIL = '{"code":"NOT_FOUND"}';
  END IF;
  IF v_vid IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'Nothing in the cart to check out',
      DETAIL = '{"code":"CART_EMPTY"}';
  END IF;
  IF array_position(v_price, NULL) IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'PA001',
      MESSAGE = 'A product in the cart is not sold in your country',
      DETAIL = '{"code":"NOT_FOR_SALE"}';
  END IF;
  -- The country's rule (packages/domain cart.ts shippingFeeMinor): a fee, none from a subtotal on.
  IF p->>'fulfilment' = 'delivery'
      AND NOT (jsonb_typeof(p->'shipping'->v_market->'free_from_minor') = 'number'
        AND v_subtotal >= (p->'shipping'->v_market->>'free_from_minor')::bigint) THEN
    v_shipping := (p->'shipping'->v_market->>'fee_minor')::int;
  END IF;
  v_total := v_subtotal + v_shipping;

  -- Where the goods come from: the branch chosen for collection, or for a delivery the
  -- customer's branch if it has everything, else the first branch of the country that has.
  -- docs/product/orders-and-payments.md (Stock at pickup): judged before the PIN, so an order
  -- that cannot be had never costs a PIN try, and the refusal names the branch and the lines.
  IF p->>'fulfilment' = 'pickup' THEN
    v_branch := (p->>'branch_id')::int;
    SELECT b.name INTO v_branch_name FROM branches b
      WHERE b.id = v_branch AND b.market = v_market;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'Validation failed',
        DETAIL = '{"code":"VALIDATION_FAILED","extra":{"errors":[{"field":"branch_id","message":"validation.branchRequired"}]}}';
    END IF;
    v_short := stock_lines(v_branch, v_market, v_vid, v_cnt, true);
    IF jsonb_array_length(v_short) > 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'Not enough stock at this branch',
        DETAIL = jsonb_build_object('code', 'OUT_OF_STOCK', 'extra', jsonb_build_object(
          'variation_ids', jsonb_path_query_array(v_short, '$[*].variation_id'),
          'branch', jsonb_build_object('id', v_branch, 'name', v_branch_name),
          'lines', v_short))::text;
    END IF;
  ELSE
    SELECT jsonb_build_object('name', a.name, 'address', a.address, 'city', a.city,
        'state', a.state, 'postcode', a.postcode, 'country', a.country)
      INTO v_address FROM addresses a
      WHERE a.id = (p->>'address_id')::int AND a.user_id = v_user;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'Address not found',
        DETAIL = '{"code":"NOT_FOUND"}';
    END IF;
    SELECT b.id INTO v_branch FROM branches b
      WHERE b.market = v_market AND NOT EXISTS (
        SELECT 1 FROM unnest(v_vid, v_cnt) AS x(vid, n)
        WHERE NOT EXISTS (SELECT 1 FROM branch_stock bs
          WHERE bs.branch_id = b.id AND bs.variation_id = x.vid AND bs.quantity >= x.n))
      ORDER BY coalesce(b.id = v_preferred, false) DESC, b.sort_order, b.id
      LIMIT 1;
    IF v_branch IS NULL THEN
      -- The lines no branch has enough of; when each is somewhere but no branch has them all,
      -- every line (with the most one branch has).
      v_short := stock_lines(NULL, v_market, v_vid, v_cnt, true);
      IF jsonb_array_length(v_short) = 0 THEN
        v_short := stock_lines(NULL, v_market, v_vid, v_cnt, false);
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'Not enough stock for this order',
        DETAIL = jsonb_build_object('code', 'OUT_OF_STOCK', 'extra', jsonb_build_object(
          'variation_ids', jsonb_path_query_array(v_short, '$[*].variation_id'),
          'branch', NULL, 'lines', v_short))::text;
    END IF;
  END IF;

  -- The PIN's try, now that the order can be had: a wrong PIN counts, under the PIN's lock.
  IF p ? 'pin' THEN
    -- A lock that has run out starts a fresh count.
    v_before := CASE WHEN v_pin.locked_until IS NULL THEN v_pin.failures ELSE 0 END;
    IF v_pin.pin_hash = 'hmac-sha256$' || (p->'pin'->>'salt') || '$' || (p->'pin'->>'mac') THEN
      IF v_before > 0 OR v_pin.locked_until IS NOT NULL THEN
        UPDATE payment_pins SET failures = 0, locked_until = NULL, updated_at = v_now
          WHERE user_id = v_user;
      END IF;
    ELSIF v_pin.pin_hash NOT LIKE 'hmac-sha256$%'
        OR split_part(v_pin.pin_hash, '$', 2) IS DISTINCT FROM p->'pin'->>'salt' THEN
      -- The API hashed with a salt it had cached (the PIN was changed since) or the PIN is
      -- stored the older way: not a wrong PIN. The API reads the PIN again and calls again.
      RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'PIN changed',
        DETAIL = '{"code":"PIN_STALE"}';
    ELSE
      v_failures := v_before + 1;
      v_locked := CASE WHEN v_failures >= (p->>'pin_max_failures')::int
        THEN v_now + (p->>'pin_lock_ms')::bigint * interval '1 millisecond' END;
      UPDATE payment_pins SET failures = v_failures, locked_until = v_locked, updated_at = v_now
        WHERE user_id = v_user;
      v_refusal := jsonb_build_object('refused', CASE WHEN v_locked IS NULL THEN 'PIN_INVALID'
        ELSE 'PIN_LOCKED' END, 'failures', v_failures, 'locked_until', v_locked);
      -- The key keeps the refusal with the try's hash: the same request again (a double tap)
      -- is answered the same without a second try; any other takes the key over.
      INSERT INTO idempotency_keys AS k (user_id, key, request_hash, status, response_status,
          response_body, created_at)
        VALUES (v_user, v_key, p->>'request_hash', 'refused', 403,
          v_refusal || jsonb_build_object('mac', p->'pin'->>'mac'), v_now)
        ON CONFLICT (user_id, key) DO UPDATE SET request_hash = excluded.request_hash,
          status = excluded.status, response_status = excluded.response_status,
          response_body = excluded.response_body, created_at = excluded.created_at;
      RETURN v_refusal;
    END IF;
  END IF;

  -- Paid with a device: the device signed for an amount, which must still be the amount.
  IF p ? 'authorised_total' AND (v_total <> (p->>'authorised_total')::bigint
      OR v_currency IS DISTINCT FROM p->>'authorised_currency') THEN
    RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'The amount changed: authorise it again',
      DETAIL = jsonb_build_object('code', 'PRICE_CHANGED', 'extra', jsonb_build_object('total',
        jsonb_build_object('amount_minor', v_total, 'currency', v_currency)))::text;
  END IF;

  -- Stock is taken in one guarded UPDATE: two orders for the last pack cannot both have it, and
  -- a line the branch cannot cover takes nothing (the order is then refused whole).
  -- The rows are locked in the packs' order first: two orders for the same packs then queue
  -- instead of each holding one row the other wants (a deadlock costs a second's wait).
  WITH locked AS (
    SELECT bs.variation_id FROM branch_stock bs
      WHERE bs.branch_id = v_branch AND bs.variation_id = ANY (v_vid)
      ORDER BY bs.variation_id
      FOR NO KEY UPDATE
  ), taken AS (
    UPDATE branch_stock bs SET quantity = bs.quantity - x.n
      FROM locked l, unnest(v_vid, v_cnt) AS x(vid, n), branches b
      WHERE bs.branch_id = v_branch AND bs.variation_id = l.variation_id
        AND x.vid = l.variation_id AND bs.quantity >= x.n
        AND b.id = bs.branch_id AND b.market = v_market
      RETURNING bs.variation_id, bs.quantity, b.name
  )
  SELECT array_agg(variation_id), array_agg(quantity), (array_agg(name))[1]
    INTO v_taken, v_left, v_branch_name FROM taken;
  IF coalesce(cardinality(v_taken), 0) < cardinality(v_vid) THEN
    -- Another order took it since the check above (a race): the refusal names the branch and
    -- the lines it is short of now.
    -- Only the lines it did not take: those it took are lower by this order's own counts.
    SELECT b.name INTO v_branch_name FROM branches b WHERE b.id = v_branch;
    SELECT array_agg(x.vid ORDER BY x.vid), array_agg(x.n ORDER BY x.vid)
      INTO v_miss_vid, v_miss_cnt
      FROM unnest(v_vid, v_cnt) AS x(vid, n) WHERE x.vid <> ALL (coalesce(v_taken, '{}'));
    v_short := stock_lines(v_branch, v_market, v_miss_vid, v_miss_cnt, false);
    RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'Not enough stock at this branch',
      DETAIL = jsonb_build_object('code', 'OUT_OF_STOCK', 'extra', jsonb_build_object(
        'variation_ids', jsonb_path_query_array(v_short, '$[*].variation_id'),
        'branch', jsonb_build_object('id', v_branch, 'name', v_branch_name),
        'lines', v_short))::text;
  END IF;

  -- docs/product/catalogue.md: the list's 'in stock' flag follows the stock; it can only change
  -- for a pack this order emptied at its branch.
  IF 0 = ANY (v_left) THEN
    UPDATE products pr SET
      in_stock_my = CASE WHEN v_market = 'MY' THEN s.any_left ELSE pr.in_stock_my END,
      in_stock_th = CASE WHEN v_market = 'TH' THEN s.any_left ELSE pr.in_stock_th END
    FROM (
      SELECT e.product_id, EXISTS (SELECT 1 FROM branch_stock bs
          JOIN branches b ON b.id = bs.branch_id
          JOIN product_variations v ON v.id = bs.variation_id
          WHERE v.product_id = e.product_id AND b.market = v_market AND bs.quantity > 0) AS any_left
      FROM (SELECT DISTINCT pv.product_id FROM product_variations pv
        JOIN unnest(v_taken, v_left) AS t(vid, q) ON t.vid = pv.id WHERE t.q = 0) e
    ) s
    WHERE pr.id = s.product_id;
  END IF;

  -- The order and its lines in one statement.
  WITH o AS (
    INSERT INTO orders (number, user_id, status, fulfilment, payment, branch_id, address,
        currency, subtotal_minor, shipping_fee_minor, total_minor, total_quantity, remarks,
        created_at, paid_at)
      VALUES (
        -- Set by the table's trigger from the id (SM, the date, the id): unique meanwhile.
        'pending-' || v_user || '-' || v_key, v_user, p->>'status', p->>'fulfilment',
        p->>'payment', v_branch, v_address, v_currency, v_subtotal, v_shipping, v_total,
        (SELECT sum(n) FROM unnest(v_cnt) n), nullif(p->>'remarks', ''), v_now,
        CASE WHEN p->>'status' = 'paid' THEN v_now END)
      RETURNING *
  ), items AS (
    INSERT INTO order_items (order_id, variation_id, product_id, name, variation,
        unit_price_minor, count, line_total_minor)
      SELECT o.id, x.vid, x.pid, x.name, x.label, x.price, x.n, x.n * x.price
      FROM o, unnest(v_vid, v_pid, v_name, v_label, v_price, v_cnt)
        AS x(vid, pid, name, label, price, n)
      RETURNING *
  )
  SELECT to_jsonb(o), o.id,
      (SELECT jsonb_agg(to_jsonb(items) ORDER BY variation_id) FROM items)
    INTO v_order, v_order_id, v_items
    FROM o;

  IF p->>'payment' = 'credits' THEN
    -- The payment (debit_credit_line, above) and the key's answer in one statement: the key is
    -- written only if the line was charged.
    INSERT INTO idempotency_keys AS k (user_id, key, request_hash, status, response_status,
        response_body, created_at)
      SELECT v_user, v_key, p->>'request_hash', 'done', 201,
          jsonb_build_object('id', v_order_id), v_now
        FROM debit_credit_line(v_user, v_currency, v_total::int, v_order_id, v_now)
      ON CONFLICT (user_id, key) DO UPDATE SET request_hash = excluded.request_hash,
        status = excluded.status, response_status = excluded.response_status,
        response_body = excluded.response_body, created_at = excluded.created_at;
    IF NOT FOUND THEN
      -- The API reads the line to say why (no usable line, or how much is missing).
      RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'Insufficient credit balance',
        DETAIL = jsonb_build_object('code', 'CREDIT_REFUSED', 'extra',
          jsonb_build_object('amount_minor', v_total, 'currency', v_currency))::text;
    END IF;
  ELSE
    -- The key answers a retry with this order from now on.
    INSERT INTO idempotency_keys AS k (user_id, key, request_hash, status, response_status,
        response_body, created_at)
      VALUES (v_user, v_key, p->>'request_hash', 'done', 201,
        jsonb_build_object('id', v_order_id), v_now)
      ON CONFLICT (user_id, key) DO UPDATE SET request_hash = excluded.request_hash,
        status = excluded.status, response_status = excluded.response_status,
        response_body = excluded.response_body, created_at = excluded.created_at;
  END IF;

  IF jsonb_typeof(p->'lines') IS DISTINCT FROM 'array' THEN
    DELETE FROM cart_items WHERE user_id = v_user AND variation_id = ANY (v_vid);
  END IF;
  RETURN jsonb_build_object('order', v_order, 'branch_name', v_branch_name,
    'items', v_items);
END $$;
