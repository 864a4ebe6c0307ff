import type { FastifyReply } from 'fastify'
import { cleanFileName } from './file-name.ts'

/**
 * A file name as an attachment header carries it: plain ASCII, and the name encoded. The name is
 * cleaned again here (docs/security.md row 63), so a name kept before names were cleaned of bidi
 * and format characters, or one made by the server, is never sent with them.
 */
function attachment(fileName: string): string {
  const name = cleanFileName(fileName)
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  // RFC 8187: ' ( ) * are not attr-chars either, though encodeURIComponent leaves them.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/**
 * docs/product/credit.md (KYC documents): a stored file is only ever sent as an attachment, in a
 * sandbox, never cached (nosniff comes with every answer).
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { bytes: Uint8Array; contentType: string; fileName: string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachment(file.fileName))
    .header('content-security-policy', 'sandbox')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.bytes))
}
