import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { inspectUpload } from './inspect-upload.ts'

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7d2c' } })
    .png()
    .toBuffer()
/** A phone photo: JPEG with the camera's GPS position and model in its EXIF. */
const photoWithLocation = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8b560' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'FarmPhone', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 7/1 0/1', GPSLongitudeRef: 'E' },
    })
    .toBuffer()
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
/** The first bytes of a Linux program. */
const program = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
  Buffer.alloc(120),
])

describe('an upload judged by its content (docs/product/credit.md: KYC documents)', () => {
  it('accepts a PDF as it is, and a PNG or JPEG encoded again', async () => {
    const a = await inspectUpload('statement.pdf', pdf)
    expect(a).toMatchObject({ ok: true, contentType: 'application/pdf' })
    expect(a.ok && a.bytes.equals(pdf)).toBe(true)
    expect(await inspectUpload('land.PNG', await png())).toMatchObject({
      ok: true,
      contentType: 'image/png',
    })
    // A camera capture without a name is judged by its content alone.
    expect(await inspectUpload('', await photoWithLocation())).toMatchObject({
      ok: true,
      contentType: 'image/jpeg',
    })
  })

  it('drops the camera’s location and other metadata from a photo', async () => {
    const before = await photoWithLocation()
    expect((await sharp(before).metadata()).exif).toBeDefined()
    const after = await inspectUpload('selfie.jpg', before)
    expect(after.ok).toBe(true)
    if (!after.ok) return
    const meta = await sharp(after.bytes).metadata()
    expect(meta.exif).toBeUndefined()
    expect(after.bytes.includes(Buffer.from('FarmPhone'))).toBe(false)
  })

  it('refuses a PNG named .pdf, a program named .png, text, an empty file and a broken image', async () => {
    expect(await inspectUpload('statement.pdf', await png())).toEqual({
      ok: false,
      problem: 'kyc.upload.invalidType',
    })
    expect(await inspectUpload('photo.png', program)).toEqual({
      ok: false,
      problem: 'kyc.upload.invalidType',
    })
    expect(await inspectUpload('note.txt', Buffer.from('hello'))).toEqual({
      ok: false,
      problem: 'kyc.upload.invalidType',
    })
    expect(await inspectUpload('empty.pdf', Buffer.alloc(0))).toEqual({
      ok: false,
      problem: 'kyc.upload.empty',
    })
    const cut = (await png()).subarray(0, 60)
    expect(await inspectUpload('cut.png', cut)).toEqual({
      ok: false,
      problem: 'kyc.upload.invalidType',
    })
  })
  it('reads the extension of the name as it is kept: a hidden character does not hide it (row 63)', async () => {
    // 'x.exe' followed by a left-to-right mark has no extension to the eye of a plain pattern.
    expect(await inspectUpload('x.exe\u200E', pdf)).toEqual({
      ok: false,
      problem: 'kyc.upload.invalidType',
    })
    expect(await inspectUpload('statement.pdf\u202C ', pdf)).toMatchObject({ ok: true })
  })
})
