import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

// docs/product/credit.md (KYC documents): every stored document is encrypted with AES-256-GCM by a
// key from the environment, its name bound to its contents (additional data): a file copied under
// another name, altered or read with another key does not open. The same format on disk and in
// an object store.
const MAGIC = Buffer.from('PF1')
const IV_BYTES = 12
const TAG_BYTES = 16

export function sealFile(name: string, bytes: Uint8Array, key: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(name))
  const body = Buffer.concat([cipher.update(bytes), cipher.final()])
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body])
}

/** The bytes sealed under `name`; throws 'stored file is damaged' for anything else. */
export function openSealedFile(name: string, sealed: Buffer, key: Buffer): Buffer {
  if (sealed.length < MAGIC.length + IV_BYTES + TAG_BYTES || !sealed.subarray(0, 3).equals(MAGIC))
    throw new Error('stored file is damaged')
  const iv = sealed.subarray(3, 3 + IV_BYTES)
  const tag = sealed.subarray(3 + IV_BYTES, 3 + IV_BYTES + TAG_BYTES)
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(Buffer.from(name))
  decipher.setAuthTag(tag)
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(3 + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ])
  } catch {
    throw new Error('stored file is damaged')
  }
}
