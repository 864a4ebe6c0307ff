import { createHash, randomBytes } from 'node:crypto'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { randomToken } from '../../secrets.ts'
import type { FileStore } from './encrypted-file-store.ts'
import { KEY_PATTERN } from './encrypted-file-store.ts'
import { openSealedFile, sealFile } from './file-sealing.ts'
import { isPhotoFile, renderPhotoSizes, type ProductPhotoStore } from './product-photo-store.ts'

export type S3Settings = {
  bucket: string
  region: string
  endpoint?: string | undefined
  accessKeyId?: string | undefined
  secretAccessKey?: string | undefined
  forcePathStyle: boolean
}

/**
 * docs/reliability.md (Files): with S3_* settings every file (KYC and late-repayment documents,
 * receipts, renewal contracts, product photos) is kept in an S3-compatible object store, so every
 * API instance reads what any one wrote. An object appears whole or not at all (S3 writes are
 * atomic), so there are no temporary files to sweep.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  })
}

const isMissing = (error: unknown) =>
  (error as { name?: string }).name === 'NoSuchKey' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404

async function getObject(client: S3Client, bucket: string, key: string): Promise<Buffer | null> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
    return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

const DOCUMENTS = 'documents/'

/** Documents, encrypted as on the disk (files/file-sealing.ts), under `documents/<name>`. */
export function createS3FileStore(options: {
  client: S3Client
  bucket: string
  key: Buffer
}): FileStore & { sweep(): Promise<number> } {
  const { client, bucket, key } = options
  if (key.length !== 32) throw new RangeError('the file encryption key must be 32 bytes')
  const checkedName = (name: string) => {
    if (!KEY_PATTERN.test(name)) throw new RangeError('not a file name of this store')
    return name
  }
  return {
    async put(bytes) {
      const name = randomBytes(24).toString('base64url')
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${DOCUMENTS}${name}`,
          Body: sealFile(name, bytes, key),
          ContentType: 'application/octet-stream',
        }),
      )
      return {
        key: name,
        bytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      }
    },
    async get(name) {
      const sealed = await getObject(client, bucket, `${DOCUMENTS}${checkedName(name)}`)
      return sealed ? openSealedFile(name, sealed, key) : null
    },
    async delete(name) {
      await client.send(
        new DeleteObjectCommand({ Bucket: bucket, Key: `${DOCUMENTS}${checkedName(name)}` }),
      )
    },
    async *list() {
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: DOCUMENTS,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        )
        for (const item of page.Contents ?? []) {
          const name = item.Key?.slice(DOCUMENTS.length) ?? ''
          if (KEY_PATTERN.test(name) && item.LastModified)
            yield { key: name, writtenAt: item.LastModified }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },
    // Nothing half-written can exist in an object store.
    sweep: async () => 0,
  }
}

/**
 * Product photos under `product-photos/<name>/<size>.webp`. Every size is stored before the name
 * is answered, and the product points at the name only after that, so the shop never shows a
 * photo with a size missing.
 */
export function createS3PhotoStore(options: {
  client: S3Client
  bucket: string
}): ProductPhotoStore {
  const { client, bucket } = options
  return {
    async put(bytes) {
      const rendered = await renderPhotoSizes(bytes)
      if (!rendered.ok) return rendered
      const name = randomToken(16)
      await Promise.all(
        rendered.sizes.map(([size, out]) =>
          client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: `product-photos/${name}/${size}.webp`,
              Body: out,
              ContentType: 'image/webp',
            }),
          ),
        ),
      )
      return { ok: true, name }
    },
    async get(name, size) {
      if (!isPhotoFile(name, size)) return null
      return getObject(client, bucket, `product-photos/${name}/${size}.webp`)
    },
  }
}
