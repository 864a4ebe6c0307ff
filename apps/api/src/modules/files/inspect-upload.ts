import { fileTypeFromBuffer } from 'file-type'
import { KYC_FILE_TYPES } from '@padi/domain/kyc/kyc-documents'
import { cleanFileName } from './file-name.ts'
import { loadSharp } from './load-sharp.ts'

/** What a name's extension says a file is. */
const TYPE_OF_EXTENSION: Record<string, (typeof KYC_FILE_TYPES)[number]> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
}

/** The longest side an image is kept at: a document stays readable, a phone photo shrinks. */
const MAX_SIDE = 2400

export type InspectedUpload =
  | { ok: true; contentType: (typeof KYC_FILE_TYPES)[number]; bytes: Buffer }
  | { ok: false; problem: 'kyc.upload.empty' | 'kyc.upload.invalidType' }

/**
 * docs/product/credit.md (KYC documents): a file is judged by its content, not its name: PDF,
 * JPEG or PNG, and the name must not say otherwise (a PNG named .pdf, a program named .png are
 * refused). Images are decoded and encoded again, which drops everything but the picture: the
 * camera's location and other metadata, and anything hidden after the image data.
 */
export async function inspectUpload(fileName: string, bytes: Buffer): Promise<InspectedUpload> {
  if (bytes.length === 0) return { ok: false, problem: 'kyc.upload.empty' }
  const found = await fileTypeFromBuffer(bytes)
  const contentType = KYC_FILE_TYPES.find((t) => t === found?.mime)
  // The extension of the name as it will be kept: a hidden character after it (`x.exe\u200E`)
  // does not hide it from this check.
  const extension = /\.([A-Za-z0-9]+)$/.exec(cleanFileName(fileName))?.[1]?.toLowerCase()
  // A camera capture may come without a name; a name, when there is one, must agree.
  const named = extension === undefined ? contentType : TYPE_OF_EXTENSION[extension]
  if (!contentType || named !== contentType) return { ok: false, problem: 'kyc.upload.invalidType' }
  if (contentType === 'application/pdf') return { ok: true, contentType, bytes }
  const sharp = await loadSharp()
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      // Turn the picture as the camera meant it, since the orientation tag goes with the rest.
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    const out =
      contentType === 'image/png'
        ? await image.png({ compressionLevel: 9 }).toBuffer()
        : await image.jpeg({ quality: 82, mozjpeg: true }).toBuffer()
    return { ok: true, contentType, bytes: out }
  } catch {
    // Says it is an image, but does not decode as one.
    return { ok: false, problem: 'kyc.upload.invalidType' }
  }
}
