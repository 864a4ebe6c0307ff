import type { FastifyReply } from 'fastify'

/** A file name as an attachment header carries it: plain ASCII, and the exact name encoded. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
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
