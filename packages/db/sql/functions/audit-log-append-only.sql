-- docs/product/credit.md (KYC review): the audit log is append-only; the database refuses a
-- change or a removal whatever the code does. Run by the triggers audit_log_no_change and
-- audit_log_no_truncate.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
