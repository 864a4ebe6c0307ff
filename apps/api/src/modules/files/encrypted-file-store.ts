import { createHash, randomBytes } from 'node:crypto'
import { mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { openSealedFile, sealFile } from './file-sealing.ts'

/**
 * docs/product/credit.md (KYC documents): where uploaded files live. One interface for every
 * store (local disk now; an S3-compatible store can take its place), so the upload and download
 * handlers never know which.
 */
export interface FileStore {
  /** Keeps the bytes under a new random name, whole or not at all; answers the name. */
  put(bytes: Uint8Array): Promise<{ key: string; bytes: number; sha256: string }>
  /** The bytes kept under `key`; null when there are none. Throws if the file was altered. */
  get(key: string): Promise<Uint8Array | null>
  delete(key: string): Promise<void>
  /** Every name kept, with when it was written (for sweeping files no record points at). */
  list(): AsyncIterable<{ key: string; writtenAt: Date }>
}

export const KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/
/** A temporary file older than this belongs to a write that died (a crash, a lost power). */
const ABANDONED_MS = 60 * 60 * 1000

/**
 * Files on the local disk, outside the web root, under random names, encrypted with AES-256-GCM
 * by a key from the environment. The name is bound to the contents (additional data), so a file
 * copied under another name does not open. A file is written under a temporary name, flushed to
 * the disk, then renamed into place: a crash leaves a temporary file (swept later), never half a
 * file under a real name.
 */
export function createEncryptedFileStore(options: { dir: string; key: Buffer }): FileStore & {
  /** Removes temporary files of writes that died; answers how many. */
  sweep(now?: Date): Promise<number>
} {
  const { dir, key } = options
  if (key.length !== 32) throw new RangeError('the file encryption key must be 32 bytes')
  const tmpDir = join(dir, 'tmp')
  const pathOf = (name: string) => join(dir, name.slice(0, 2), name)

  function checkedName(name: string): string {
    // Names are ours (random); anything else, a path above all, is refused before the disk.
    if (!KEY_PATTERN.test(name)) throw new RangeError('not a file name of this store')
    return name
  }

  async function flushDir(path: string) {
    const handle = await open(path, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  }

  return {
    async put(bytes) {
      const name = randomBytes(24).toString('base64url')
      const sealed = sealFile(name, bytes, key)
      await mkdir(tmpDir, { recursive: true })
      const finalDir = join(dir, name.slice(0, 2))
      await mkdir(finalDir, { recursive: true })
      const tmp = join(tmpDir, `${name}.${randomBytes(6).toString('hex')}`)
      const handle = await open(tmp, 'wx', 0o600)
      try {
        await handle.writeFile(sealed)
        await handle.sync()
      } finally {
        await handle.close()
      }
      await rename(tmp, pathOf(name))
      await flushDir(finalDir)
      return {
        key: name,
        bytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      }
    },

    async get(name) {
      let sealed: Buffer
      try {
        sealed = await readFile(pathOf(checkedName(name)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
      return openSealedFile(name, sealed, key)
    },

    async delete(name) {
      await rm(pathOf(checkedName(name)), { force: true })
    },

    async *list() {
      const shards = await readdir(dir).catch(() => [] as string[])
      for (const shard of shards) {
        if (shard === 'tmp' || shard.length !== 2) continue
        for (const name of await readdir(join(dir, shard)).catch(() => [] as string[])) {
          if (!KEY_PATTERN.test(name)) continue
          const info = await stat(join(dir, shard, name)).catch(() => null)
          if (info) yield { key: name, writtenAt: info.mtime }
        }
      }
    },

    async sweep(now = new Date()) {
      let names: string[]
      try {
        names = await readdir(tmpDir)
      } catch {
        return 0
      }
      let removed = 0
      for (const n of names) {
        const path = join(tmpDir, n)
        const info = await stat(path).catch(() => null)
        if (info && now.getTime() - info.mtimeMs > ABANDONED_MS) {
          await rm(path, { force: true })
          removed += 1
        }
      }
      return removed
    },
  }
}
