import { SIGNATURE_MAX_BYTES } from '@padi/domain/credit/renewal-rules'
import { loadSharp } from '../files/load-sharp.ts'

const PREFIX = 'data:image/png;base64,'
/** A signature is a mark of some size: enough dark pixels, wider than a tap. */
const MIN_INK_PIXELS = 40
const MIN_INK_WIDTH = 30

/**
 * docs/product/credit.md (Renewal): the signature drawn on the pad, as the browser sends it (a PNG
 * data URL). Answers the picture re-encoded on white (nothing of the upload but its pixels is
 * kept), or null when it is not a PNG, too large, or blank (a tap is not a signature).
 */
export async function readSignature(dataUrl: string): Promise<Buffer | null> {
  if (!dataUrl.startsWith(PREFIX)) return null
  const base64 = dataUrl.slice(PREFIX.length)
  if (base64.length > Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 4) return null
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.length === 0 || bytes.length > SIGNATURE_MAX_BYTES) return null
  const sharp = await loadSharp()
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 4_000_000 })
    const meta = await image.metadata()
    if (meta.format !== 'png' || !meta.width || !meta.height) return null
    if (meta.width > 2_000 || meta.height > 1_000) return null
    const flat = image.flatten({ background: '#ffffff' })
    const { data, info } = await flat
      .clone()
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true })
    let ink = 0
    let left = info.width
    let right = -1
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i]! < 128) {
        ink += 1
        const x = (i / info.channels) % info.width
        if (x < left) left = x
        if (x > right) right = x
      }
    }
    if (ink < MIN_INK_PIXELS || right - left < MIN_INK_WIDTH) return null
    return await flat.png({ compressionLevel: 9 }).toBuffer()
  } catch {
    return null
  }
}
