-- docs/product/orders-and-payments.md: money moves only through this guarded UPDATE of the
-- customer's current line (the newest): it changes the line only if, when PostgreSQL takes the
-- row's lock, the line is active, unexpired, in the payment's currency and still has the amount
-- available (a payment that committed first is seen: READ COMMITTED re-reads the row it waited
-- for). Its ledger entry is written by the same statement, only if the line changed. The table's
-- CHECK is the second guard. No row answered: refused. Used by place_order and the credit service.
CREATE OR REPLACE FUNCTION "debit_credit_line"(p_user int, p_currency text, p_amount int, p_order int,
    p_at timestamptz)
  RETURNS TABLE (id int, user_id int, currency text, approved_minor int, utilised_minor int,
    interest_minor int, late_fee_minor int, state text, expires_at timestamptz,
    due_at timestamptz, entry_id int)
  LANGUAGE sql AS $$
  WITH line AS (
    UPDATE credit_lines l SET utilised_minor = l.utilised_minor + p_amount, updated_at = p_at
      WHERE l.id = (SELECT c.id FROM credit_lines c WHERE c.user_id = p_user
          ORDER BY c.created_at DESC, c.id DESC LIMIT 1)
        AND l.state = 'active' AND l.expires_at > p_at AND l.currency = p_currency
        AND l.approved_minor - l.utilised_minor >= p_amount
      RETURNING l.id, l.user_id, l.currency, l.approved_minor, l.utilised_minor, l.interest_minor,
        l.late_fee_minor, l.state, l.expires_at, l.due_at
  ), entry AS (
    INSERT INTO credit_ledger (line_id, kind, currency, principal_delta_minor,
        interest_delta_minor, late_fee_delta_minor, utilised_after_minor, order_id,
        actor_user_id, created_at)
      SELECT line.id, 'purchase', line.currency, p_amount, 0, 0, line.utilised_minor, p_order,
        p_user, p_at
      FROM line
      RETURNING credit_ledger.id
  )
  SELECT line.*, entry.id FROM line, entry
$$;
