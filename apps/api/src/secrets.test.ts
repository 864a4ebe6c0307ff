import { describe, expect, it } from 'vitest'
import { checkPassword, DUMMY_HASH, hashPassword } from './secrets.ts'

// docs/security.md row 4: a wrong number and a wrong password take the same time, because an
// unknown number is checked against a fixed hash. That holds only while the fixed hash costs what
// a stored one costs: the same algorithm, version, memory, passes and lanes.
describe('the fixed hash for unknown numbers', () => {
  const parameters = (encoded: string) => encoded.split('$').slice(1, 4).join('$')

  it('has the parameters every stored password gets', async () => {
    const stored = await hashPassword('a password of some length')
    expect(parameters(DUMMY_HASH)).toBe(parameters(stored))
    expect(parameters(stored)).toBe('argon2id$v=19$m=19456,t=2,p=1')
  })

  it('lets no password in', async () => {
    expect(await checkPassword(null, '')).toBe(false)
    expect(await checkPassword(null, 'demo2026')).toBe(false)
  })
})
