import { AUDIT_FIELDS, AUDIT_TEXT_FIELDS } from '@padi/domain/audit/audit-changes'

/**
 * docs/product/back-office.md (Audit log): the fields the log shows in words (the catalogue's
 * admin.audit.fields, checked by its test): those the back office writes, its texts in each
 * language, a branch's opening hours, and a code's being sent.
 */
export const AUDIT_FIELD_LABELS: ReadonlySet<string> = new Set([
  ...Object.keys(AUDIT_FIELDS),
  ...AUDIT_TEXT_FIELDS,
  'opening_hours',
])
