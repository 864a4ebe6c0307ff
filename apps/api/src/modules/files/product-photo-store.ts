import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import { randomToken } from '../../secrets.ts'
import { loadSharp, type Sharp } from './load-sharp.ts'

/**
 * docs/product/back-office.md (Products): the square sizes the shop shows a photo at (the cart's
 * 64, the list's 160, the product page's 240) and twice each for sharp phone screens.
 */
export const PHOTO_SIZES = [64, 128, 160, 240, 320, 480] as const
export type PhotoSize = (typeof PHOTO_SIZES)[number]
/** A photo's name in the store: 22 random characters (it is also the URL's cache key). */
export const PHOTO_NAME = /^[A-Za-z0-9_-]{22}$/

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'] as const

export type PhotoProblem = 'not_an_image' | 'too_small'

/**
 * A photo judged by its content, decoded, cropped square and encoded at every size (WebP; the
 * camera's metadata, its location above all, is not carried over); or why it is refused.
 */
export async function renderPhotoSizes(
  bytes: Buffer,
): Promise<{ ok: true; sizes: [PhotoSize, Buffer][] } | { ok: false; problem: PhotoProblem }> {
  const type = await fileTypeFromBuffer(bytes)
  if (!type || !ACCEPTED.some((t) => t === type.mime)) return { ok: false, problem: 'not_an_image' }
  const sharp = await loadSharp()
  let meta: Awaited<ReturnType<ReturnType<Sharp>['metadata']>>
  try {
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 }).metadata()
  } catch {
    return { ok: false, problem: 'not_an_image' }
  }
  if ((meta.width ?? 0) < 240 || (meta.height ?? 0) < 240)
    return { ok: false, problem: 'too_small' }
  const sizes: [PhotoSize, Buffer][] = []
  for (const size of PHOTO_SIZES) {
    const out = await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 78 })
      .toBuffer()
    sizes.push([size, out])
  }
  return { ok: true, sizes }
}

export type ProductPhotoStore = {
  /** Stores every size under a new random name; answers the name, or why the photo is refused. */
  put(bytes: Buffer): Promise<{ ok: true; name: string } | { ok: false; problem: PhotoProblem }>
  /** A size of a photo, or null when there is no such photo or size. */
  get(name: string, size: number): Promise<Buffer | null>
}

export const isPhotoFile = (name: string, size: number) =>
  PHOTO_NAME.test(name) && PHOTO_SIZES.some((s) => s === size)

/**
 * Product photos are public: they are kept as they are shown (WebP, square, each size), under a
 * new random name per upload, so a URL never changes its picture and can be cached for a year.
 * On the local disk; files/s3-storage.ts keeps them in an object store.
 */
export function createProductPhotoStore(deps: { dir: string }): ProductPhotoStore {
  const root = join(deps.dir, 'product-photos')
  return {
    async put(bytes) {
      const rendered = await renderPhotoSizes(bytes)
      if (!rendered.ok) return rendered
      const name = randomToken(16)
      const dir = join(root, name)
      const temp = `${dir}.tmp-${randomToken(6)}`
      await mkdir(temp, { recursive: true })
      for (const [size, out] of rendered.sizes) await writeFile(join(temp, `${size}.webp`), out)
      // Whole or not at all: the folder appears under its name only when every size is in it.
      await rename(temp, dir)
      return { ok: true, name }
    },

    async get(name, size) {
      if (!isPhotoFile(name, size)) return null
      return readFile(join(root, name, `${size}.webp`)).catch(() => null)
    },
  }
}
