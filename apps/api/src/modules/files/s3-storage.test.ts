import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import S3rver from 's3rver'
import sharp from 'sharp'
import {
  CreateBucketCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import { createTestApp, secondInstance, type TestApp } from '../../../test/test-app.ts'
import { bearer, loginTokens } from '../../../test/auth-helpers.ts'
import { createS3Client, createS3FileStore, createS3PhotoStore } from './s3-storage.ts'

const BUCKET = 'padi-files'

/**
 * docs/reliability.md (Files): the object store, against an S3-compatible server this test starts
 * on this machine (s3rver), through the AWS SDK the API uses.
 */
describe('files in an S3-compatible object store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'padi-s3-'))
  let server: S3rver
  let endpoint = ''
  let client: S3Client
  const key = randomBytes(32)
  beforeAll(async () => {
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir })
    const { port } = await server.run()
    endpoint = `http://127.0.0.1:${port}`
    client = createS3Client({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    })
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }))
  })
  afterAll(async () => {
    client.destroy()
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const raw = async (objectKey: string) => {
    const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: objectKey }))
    return Buffer.from(await answer.Body!.transformToByteArray())
  }

  it('keeps documents encrypted, gives them back, lists and deletes them', async () => {
    const store = createS3FileStore({ client, bucket: BUCKET, key })
    const text = Buffer.from('MyKad front, 900101-14-5678')
    const put = await store.put(text)
    expect(put.key).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(put.bytes).toBe(text.length)
    expect(await store.get(put.key)).toEqual(text)
    // At rest in the bucket it is not readable.
    expect((await raw(`documents/${put.key}`)).includes(Buffer.from('900101'))).toBe(false)
    const listed = []
    for await (const f of store.list()) listed.push(f.key)
    expect(listed).toContain(put.key)
    await store.delete(put.key)
    expect(await store.get(put.key)).toBeNull()
    expect(await store.sweep()).toBe(0)
  })

  it('refuses an altered object, one copied under another name, another key and foreign names', async () => {
    const store = createS3FileStore({ client, bucket: BUCKET, key })
    const { key: name } = await store.put(Buffer.from('receipt'))
    const sealed = await raw(`documents/${name}`)
    const altered = Buffer.from(sealed)
    altered[altered.length - 1]! ^= 1
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: `documents/${name}`, Body: altered }),
    )
    await expect(store.get(name)).rejects.toThrow('stored file is damaged')
    const other = randomBytes(24).toString('base64url')
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: `documents/${other}`, Body: sealed }),
    )
    await expect(store.get(other)).rejects.toThrow('stored file is damaged')
    const { key: fine } = await store.put(Buffer.from('contract'))
    await expect(
      createS3FileStore({ client, bucket: BUCKET, key: randomBytes(32) }).get(fine),
    ).rejects.toThrow('stored file is damaged')
    await expect(store.get('../../etc/passwd')).rejects.toThrow(RangeError)
    expect(await store.get(randomBytes(24).toString('base64url'))).toBeNull()
  })

  describe('two API instances on one database and one bucket', () => {
    let a: TestApp
    let b: FastifyInstance
    let admin = ''
    beforeAll(async () => {
      a = await createTestApp({
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      })
      b = await secondInstance(a)
      admin = (await loginTokens(a.app, '+60120000005')).access_token
    })
    afterAll(async () => {
      await b.close()
      await a.close()
    })

    it('a photo uploaded through one is served, every size, by the other', async () => {
      const png = await sharp({
        create: { width: 600, height: 400, channels: 3, background: '#2e7d32' },
      })
        .png()
        .toBuffer()
      const up = await a.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/products/5/photo',
        headers: { ...bearer(admin), 'content-type': 'image/png' },
        payload: png,
      })
      expect(up.statusCode).toBe(200)
      const name = up.json().photo as string
      for (const size of [64, 240, 480]) {
        const res = await b.inject({ url: `/api/v1/product-photos/${name}/${size}.webp` })
        expect(res.statusCode).toBe(200)
        expect((await sharp(res.rawPayload).metadata()).width).toBe(size)
      }
      // In the bucket, not on this instance's disk.
      expect((await raw(`product-photos/${name}/160.webp`)).length).toBeGreaterThan(0)
      const photos = createS3PhotoStore({ client, bucket: BUCKET })
      expect(await photos.get(name, 161)).toBeNull()
      expect(await photos.get('AAAAAAAAAAAAAAAAAAAAAA', 160)).toBeNull()
    })
  })
})
