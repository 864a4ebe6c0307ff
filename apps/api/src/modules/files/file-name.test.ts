import { describe, expect, it } from 'vitest'
import { cleanFileName } from './file-name.ts'

/** Bidi controls, other format characters (Cf), control characters (Cc), line separators. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u

describe('the name a file is kept and sent under (docs/security.md row 63)', () => {
  it('drops the right-to-left override and every other bidi control (row 63)', () => {
    expect(cleanFileName('receipt\u202Egnp.pdf')).toBe('receiptgnp.pdf')
    const bidi = [
      '\u061C',
      '\u200E',
      '\u200F',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]
    for (const c of bidi) {
      const code = c.codePointAt(0)!.toString(16)
      expect(cleanFileName(`slip${c}.pdf`), code).toBe('slip.pdf')
    }
  })

  it('drops control characters and the format characters that hide or disguise (row 63)', () => {
    const controls = ['\u0000', '\t', '\n', '\r', '\u001f', '\u007f', '\u0085', '\u009b']
    const format = ['\u00AD', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u{E0041}']
    for (const c of [...controls, ...format, '\u2028', '\u2029']) {
      const code = c.codePointAt(0)!.toString(16)
      expect(cleanFileName(`re${c}sit.jpg`), code).toBe('resit.jpg')
    }
    // Half of a surrogate pair is not a character either.
    expect(cleanFileName('a\uD800b.png')).toBe('ab.png')
  })

  it('keeps Thai and Malay names as they are, vowel and tone marks included', () => {
    for (const name of [
      'ใบเสร็จรับเงิน เดือนมีนาคม ๒๕๗๐.pdf',
      'สำเนาบัตรประชาชน นายสมชาย ใจดี.jpg',
      'Penyata Bank Islam — Mac 2027 (1).pdf',
      'Geran tanah Kg. Alor Janggus, Kedah.png',
      'résumé ñ ü.pdf',
    ])
      expect(cleanFileName(name)).toBe(name)
  })

  it('keeps only the last part of a path, also when a hidden character sits next to a slash', () => {
    expect(cleanFileName('C:\\Users\\siti\\Desktop\\ic.jpg')).toBe('ic.jpg')
    expect(cleanFileName('../../etc/passwd')).toBe('passwd')
    expect(cleanFileName('a\u202E/b.pdf')).toBe('b.pdf')
  })

  it('calls a name with nothing left "file"', () => {
    for (const name of ['', '   ', '/', 'folder/', '\u202E\u200F', '\u0000\u2066 \u2069'])
      expect(cleanFileName(name), JSON.stringify(name)).toBe('file')
  })

  it('keeps the last 100 characters, never half of one', () => {
    expect(cleanFileName(`${'a'.repeat(150)}.pdf`)).toBe(`${'a'.repeat(96)}.pdf`)
    const emoji = cleanFileName(`x${'🌾'.repeat(120)}`)
    expect(Array.from(emoji)).toHaveLength(100)
    expect(emoji).toBe('🌾'.repeat(100))
    expect(() => encodeURIComponent(emoji)).not.toThrow()
  })

  it('gives a name that cleaning leaves as it is, without any hidden character', () => {
    const names = ['receipt\u202Egnp.pdf', ' a\u200B\u0085b .png ', `${'\u202E'.repeat(300)}x.pdf`]
    for (const name of names) {
      const once = cleanFileName(name)
      expect(HIDDEN.test(once)).toBe(false)
      expect(cleanFileName(once)).toBe(once)
    }
  })
})
