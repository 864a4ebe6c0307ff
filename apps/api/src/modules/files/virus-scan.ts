import { connect } from 'node:net'
import { DomainError } from '@padi/domain/errors'

export type ScanVerdict = { clean: true } | { clean: false; signature: string }

/** Looks at a file before it is kept; a file it refuses is never stored nor served. */
export interface VirusScanner {
  readonly name: string
  scan(bytes: Uint8Array): Promise<ScanVerdict>
}

/** The industry's harmless test file (EICAR): every scanner must refuse it. */
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'

/**
 * Without a virus scanner (a laptop, the tests), only the test file is refused, so the refusal
 * path is the same one a real scanner takes. Production sets CLAMD_HOST (ADR 043).
 */
export function createTestSignatureScanner(): VirusScanner {
  const needle = Buffer.from(EICAR, 'latin1')
  return {
    name: 'test-signature',
    async scan(bytes) {
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(needle)
        ? { clean: false, signature: 'Eicar-Test-Signature' }
        : { clean: true }
    },
  }
}

/** clamd's chunk size for INSTREAM: well under its StreamMaxLength, a few network packets. */
const CHUNK = 64 * 1024

/**
 * ClamAV's daemon over TCP (its INSTREAM command: the file in length-prefixed chunks, then a
 * zero length; the answer is `stream: OK` or `stream: <name> FOUND`). A scanner that does not
 * answer refuses the upload (503, try again): a file is never kept unscanned.
 */
export function createClamdScanner(options: {
  host: string
  port: number
  timeoutMs?: number
}): VirusScanner {
  const timeoutMs = options.timeoutMs ?? 30_000
  const unavailable = () =>
    new DomainError('UPLOAD_SCAN_UNAVAILABLE', 'The virus check is not available; try again soon')
  return {
    name: 'clamd',
    scan(bytes) {
      return new Promise<ScanVerdict>((resolve, reject) => {
        const socket = connect({ host: options.host, port: options.port })
        const replies: Buffer[] = []
        socket.setTimeout(timeoutMs, () => socket.destroy(new Error('clamd timed out')))
        socket.on('error', () => reject(unavailable()))
        socket.on('data', (chunk) => replies.push(chunk))
        socket.on('end', () => {
          const reply = Buffer.concat(replies).toString('utf8').replace(/\0/g, '').trim()
          const found = /^stream: (.+) FOUND$/.exec(reply)
          if (reply === 'stream: OK') resolve({ clean: true })
          else if (found) resolve({ clean: false, signature: found[1]! })
          else reject(unavailable())
        })
        socket.on('connect', () => {
          socket.write('zINSTREAM\0')
          for (let at = 0; at < bytes.length; at += CHUNK) {
            const part = bytes.subarray(at, Math.min(at + CHUNK, bytes.length))
            const size = Buffer.alloc(4)
            size.writeUInt32BE(part.length)
            socket.write(size)
            socket.write(part)
          }
          socket.end(Buffer.alloc(4))
        })
      })
    },
  }
}
