/**
 * Characters that never belong in a file's name, because they can make a name show something
 * other than what it is (docs/security.md row 63): control characters (Unicode Cc: C0, DEL, C1),
 * format characters (Cf: the bidi controls U+061C, U+200E, U+200F, U+202A–U+202E and
 * U+2066–U+2069, which turn `receipt\u202Egnp.pdf` into "receiptfdp.png" on screen, the zero-width
 * characters, soft hyphen, byte-order mark, tag characters), the line and paragraph separators
 * (Zl, Zp) and surrogate halves that are not a pair (Cs). Thai and Malay names need none of them:
 * Thai vowel and tone marks are combining marks (Mn) and stay, as do letters, digits and spaces.
 */
const HIDDEN_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu

/** The longest label kept, in characters: the end is kept, which says the type. */
const MAX_CHARACTERS = 100

/** What an empty name (after cleaning) is called. */
const FALLBACK = 'file'

/**
 * The name a farmer's file had, as a label only: no folders, nothing hidden or controlling, at most
 * 100 characters (from the end, never half a character), and `file` when nothing is left. Every
 * stored name goes through this (the upload services) and so does every name sent back in a
 * Content-Disposition (sendAttachment), so a new upload route cannot keep a name unclean.
 */
export function cleanFileName(name: string): string {
  const visible = name.replace(HIDDEN_OR_CONTROL, '')
  const base = visible.split(/[\\/]/).pop() ?? ''
  const clean = Array.from(base.trim())
  return clean.slice(-MAX_CHARACTERS).join('').trim() || FALLBACK
}
