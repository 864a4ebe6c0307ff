import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS, AUDIT_CODES, AUDIT_SUBJECTS } from '@padi/domain/audit/audit-changes'
import { CATALOGUES } from '../../utils/messages.server.ts'
import { AUDIT_FIELD_LABELS } from './audit-fields.ts'

// English: the catalogue test makes sure Malay and Thai have every key English has.
const { admin, kyc, products } = CATALOGUES.en

type Tree = { [k: string]: string | Tree }
const has = (tree: unknown, path: string) =>
  typeof path
    .split('.')
    .reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree) === 'string'

/** docs/product/back-office.md (Audit log): every field, kind of change and value in words. */
describe('the audit log’s words', () => {
  it('names every field, kind of record and kind of change the back office writes', () => {
    const missing = [
      ...[...AUDIT_FIELD_LABELS].map((f) => `audit.fields.${f}`),
      ...AUDIT_SUBJECTS.map((s) => `audit.subjects.${s}`),
      ...AUDIT_ACTIONS.map((a) => `audit.actions.${a}`),
      ...AUDIT_ACTIONS.map((a) => `audit.groups.${a.split('.')[0]}`),
    ].filter((key) => !has(admin, key))
    expect(missing).toEqual([])
  })

  it('says every known value of a code field in words', () => {
    const missing: string[] = []
    for (const [field, values] of Object.entries(AUDIT_CODES))
      for (const value of values) {
        const [tree, key]: [unknown, string] =
          field === 'kind'
            ? [kyc, `documents.${value}.label`]
            : field === 'category'
              ? [products, `categories.${value}`]
              : field === 'role'
                ? [admin, `users.roles.${value}`]
                : [admin, `audit.values.${field}.${value}`]
        if (!has(tree, key)) missing.push(`${field}: ${value}`)
      }
    expect(missing).toEqual([])
  })
})
