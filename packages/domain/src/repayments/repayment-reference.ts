// docs/product/repayments.md (The reference): the short code that names one repayment on the
// bank's side. It is typed by hand when a bank app asks for it, and read back from a statement,
// so it uses only capitals and digits that cannot be mistaken for each other, and its last
// character checks the others (Luhn mod N over the 32 symbols): one character typed wrong, or two
// neighbours swapped (all but 0 and Z), makes it a reference that names nothing rather than
// another farmer's.

/** Crockford's base 32: digits and capitals without I, L, O and U. */
const SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const N = SYMBOLS.length

/** Characters of randomness, then one check character. */
export const REFERENCE_BODY_LENGTH = 8
export const REFERENCE_LENGTH = REFERENCE_BODY_LENGTH + 1

/** The Luhn mod N check character of `body` (each character one of SYMBOLS). */
function checkCharacter(body: string): string {
  let factor = 2
  let sum = 0
  for (let i = body.length - 1; i >= 0; i--) {
    const product = factor * SYMBOLS.indexOf(body[i]!)
    sum += Math.floor(product / N) + (product % N)
    factor = factor === 2 ? 1 : 2
  }
  return SYMBOLS[(N - (sum % N)) % N]!
}

/**
 * A reference from 5 random bytes (40 bits: eight symbols of 5 bits each), the server's to draw.
 * One in 2^40: a collision is refused by the database and drawn again, never shared.
 */
export function referenceFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 5) throw new RangeError('a reference needs 5 random bytes')
  let bits = 0n
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(bytes[i]!)
  let body = ''
  for (let i = REFERENCE_BODY_LENGTH - 1; i >= 0; i--)
    body += SYMBOLS[Number((bits >> BigInt(i * 5)) & 31n)]
  return body + checkCharacter(body)
}

/**
 * A reference as a farmer or a bank wrote it ("kq47 xm2p-9", with O for 0 or I for 1) in its
 * one spelling, or null when it cannot be one of ours (wrong length, a symbol we never use, or a
 * check character that does not match).
 */
export function readReference(text: string): string | null {
  const plain = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  if (plain.length !== REFERENCE_LENGTH) return null
  for (const c of plain) if (!SYMBOLS.includes(c)) return null
  const body = plain.slice(0, REFERENCE_BODY_LENGTH)
  return checkCharacter(body) === plain[REFERENCE_BODY_LENGTH] ? plain : null
}
