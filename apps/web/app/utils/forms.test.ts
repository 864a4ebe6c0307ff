import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldMessages, formIntent, parseForm } from './forms.ts'

const form = (entries: [string, string | File][]) => {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

describe('parseForm: the one way an action reads its form', () => {
  it('reads text fields ("" when not sent) and answers the schema’s data with what was typed', () => {
    const schema = z.object({ name: z.string().trim(), note: z.string() })
    const result = parseForm(schema, form([['name', ' Ana ']]), ['name', 'note'])
    expect(result).toEqual({
      ok: true,
      data: { name: 'Ana', note: '' },
      values: { name: ' Ana ', note: '' },
    })
  })

  it('gives each field its first problem, keyed by its path, and the values to refill the form', () => {
    const schema = z.object({
      mobile: z.string().min(1, 'validation.mobileRequired').regex(/^\d+$/, 'validation.x'),
      address: z.object({ en: z.string().min(1, 'validation.required') }),
    })
    const result = parseForm(
      z
        .object({ mobile: z.string(), address_en: z.string() })
        .transform((v) => ({ mobile: v.mobile, address: { en: v.address_en } }))
        .pipe(schema),
      form([['mobile', '']]),
      ['mobile', 'address_en'],
    )
    expect(result).toEqual({
      ok: false,
      fieldErrors: { mobile: 'validation.mobileRequired', 'address.en': 'validation.required' },
      values: { mobile: '', address_en: '' },
    })
  })

  it('never lets a field the action did not name reach the schema', () => {
    const schema = z.object({ name: z.string() }).strict()
    expect(
      parseForm(
        schema,
        form([
          ['name', 'a'],
          ['role', 'admin'],
        ]),
        ['name'],
      ).ok,
    ).toBe(true)
  })

  it('reads the other shapes a plain form sends: empty choices, lists, boxes, files, rows', () => {
    const file = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })
    const schema = z.object({
      branch: z.string().optional(),
      tags: z.array(z.string()),
      agree: z.boolean(),
      news: z.boolean(),
      photo: z.instanceof(File).optional(),
      missing: z.instanceof(File).optional(),
      docs: z.array(z.instanceof(File)),
      count: z.record(z.string(), z.string()),
    })
    const result = parseForm(
      schema,
      form([
        ['branch', ''],
        ['tags', 'a'],
        ['tags', 'b'],
        ['agree', 'on'],
        ['photo', file],
        ['docs', file],
        ['docs', file],
        ['count-12', '2'],
        ['count-13', ''],
        ['counter', 'x'],
      ]),
      {
        branch: 'optional',
        tags: 'list',
        agree: 'checkbox',
        news: 'checkbox',
        photo: 'file',
        missing: 'file',
        docs: 'files',
        count: 'group',
      },
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.data).toEqual({
      branch: undefined,
      tags: ['a', 'b'],
      agree: true,
      news: false,
      photo: file,
      missing: undefined,
      docs: [file, file],
      count: { 12: '2', 13: '' },
    })
    // Files never go back into a page; a ticked box does, as it was sent.
    expect(result.values).toEqual({
      branch: '',
      agree: 'on',
      'count-12': '2',
      'count-13': '',
    })
  })
})

describe('formIntent: which button sent the form', () => {
  it('answers one of the page’s intents, or none', () => {
    expect(formIntent(form([['intent', 'cancel']]), ['cancel', 'pay'])).toBe('cancel')
    expect(formIntent(form([['intent', 'drop-table']]), ['cancel', 'pay'])).toBeUndefined()
    expect(formIntent(form([]), ['cancel', 'pay'])).toBeUndefined()
    expect(formIntent(form([['purpose', 'register']]), ['register'], 'purpose')).toBe('register')
  })
})

describe('fieldMessages', () => {
  it('makes each field’s key a message for pages that show messages', () => {
    expect(fieldMessages({ pin: 'pin.errors.format' })).toEqual({
      pin: { key: 'pin.errors.format' },
    })
  })
})
