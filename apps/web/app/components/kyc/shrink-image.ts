/** Photos longer than this on their long side are scaled down before they are sent. */
const MAX_SIDE = 2000
/** Files smaller than this are sent as they are. */
const SHRINK_FROM_BYTES = 1.5 * 2 ** 20

/**
 * A phone photo is often 4–8 MB; on a 2G or 3G connection that is minutes. The server re-encodes
 * images anyway (docs/decisions/042-uploaded-files.md), so a large JPEG or PNG is scaled to at
 * most 2,000 px and sent as a JPEG, which is still sharp enough to read an ID card. Anything that
 * cannot be shrunk here (a PDF, an old browser) is sent as it is.
 */
export async function shrinkImage(file: Blob): Promise<Blob> {
  if (file.size < SHRINK_FROM_BYTES) return file
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return file
  if (typeof createImageBitmap !== 'function') return file
  try {
    const bitmap = await createImageBitmap(file)
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height))
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(bitmap.width * scale)
    canvas.height = Math.round(bitmap.height * scale)
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    bitmap.close()
    const small = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.85),
    )
    return small && small.size < file.size ? small : file
  } catch {
    return file
  }
}
