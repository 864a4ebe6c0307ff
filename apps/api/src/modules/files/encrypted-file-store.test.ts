import { randomBytes } from 'node:crypto'
import {
  mkdtemp,
  readdir,
  readFile,
  rm,
  utimes,
  writeFile,
  copyFile,
  mkdir,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEncryptedFileStore } from './encrypted-file-store.ts'

describe('the encrypted file store (docs/product/credit.md: KYC documents)', () => {
  let dir: string
  const key = randomBytes(32)
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'padi-files-'))
  })
  afterEach(async () => rm(dir, { recursive: true, force: true }))

  const allFiles = async (root: string): Promise<string[]> =>
    (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))

  it('gives back what was put, under a random name, and keeps it encrypted on the disk', async () => {
    const store = createEncryptedFileStore({ dir, key })
    const text = Buffer.from('NRIC 750312-02-5331, bank statement of Ahmad bin Ismail')
    const a = await store.put(text)
    const b = await store.put(text)
    expect(a.key).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(a.key).not.toBe(b.key)
    expect(a.bytes).toBe(text.length)
    expect(Buffer.from((await store.get(a.key))!).equals(text)).toBe(true)
    const onDisk = await allFiles(dir)
    expect(onDisk).toHaveLength(2)
    for (const path of onDisk) {
      const raw = await readFile(path)
      expect(raw.includes(Buffer.from('750312'))).toBe(false)
      expect(raw.includes(Buffer.from('Ahmad'))).toBe(false)
    }
  })

  it('refuses a file altered on the disk, one copied under another name, and another key', async () => {
    const store = createEncryptedFileStore({ dir, key })
    const a = await store.put(Buffer.from('front of the card'))
    const b = await store.put(Buffer.from('back of the card'))
    const pathOf = (name: string) => join(dir, name.slice(0, 2), name)
    const raw = await readFile(pathOf(a.key))
    raw[raw.length - 1]! ^= 1
    await writeFile(pathOf(a.key), raw)
    await expect(store.get(a.key)).rejects.toThrow('damaged')
    await mkdir(join(dir, b.key.slice(0, 2)), { recursive: true })
    const c = await store.put(Buffer.from('selfie'))
    await copyFile(pathOf(c.key), pathOf(b.key))
    await expect(store.get(b.key)).rejects.toThrow('damaged')
    const other = createEncryptedFileStore({ dir, key: randomBytes(32) })
    await expect(other.get(c.key)).rejects.toThrow('damaged')
  })

  it('answers null for a name it does not hold and refuses names that are not its own', async () => {
    const store = createEncryptedFileStore({ dir, key })
    expect(await store.get('A'.repeat(32))).toBeNull()
    for (const name of ['../../etc/passwd', 'x'.repeat(31), `${'a'.repeat(31)}/`, ''])
      await expect(store.get(name)).rejects.toThrow(RangeError)
    await expect(store.delete('../secrets.json')).rejects.toThrow(RangeError)
  })

  it('leaves no file under a real name from a write that died, and sweeps its remains', async () => {
    const store = createEncryptedFileStore({ dir, key })
    await store.put(Buffer.from('kept'))
    // A write that died before its rename: only the temporary file exists.
    const leftover = join(dir, 'tmp', `${'B'.repeat(32)}.abcdef`)
    await writeFile(leftover, Buffer.from('half a fi'))
    expect(await store.get('B'.repeat(32))).toBeNull()
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000)
    await utimes(leftover, old, old)
    expect(await store.sweep()).toBe(1)
    expect(await readdir(join(dir, 'tmp'))).toEqual([])
  })

  it('deletes', async () => {
    const store = createEncryptedFileStore({ dir, key })
    const a = await store.put(Buffer.from('land title'))
    await store.delete(a.key)
    expect(await store.get(a.key)).toBeNull()
    await store.delete(a.key)
  })
})
