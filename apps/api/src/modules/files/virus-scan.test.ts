import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createClamdScanner, createTestSignatureScanner } from './virus-scan.ts'

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'

/** A stand-in clamd that reads an INSTREAM request and answers as clamd does. */
function fakeClamd(
  answer: (file: Buffer) => string | null,
): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    let data = Buffer.alloc(0)
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk])
      const command = 'zINSTREAM\0'
      if (data.length < command.length) return
      expect(data.subarray(0, command.length).toString()).toBe(command)
      const parts: Buffer[] = []
      let at = command.length
      while (at + 4 <= data.length) {
        const size = data.readUInt32BE(at)
        if (size === 0) {
          const reply = answer(Buffer.concat(parts))
          if (reply === null) socket.destroy()
          else socket.end(`${reply}\0`)
          return
        }
        if (at + 4 + size > data.length) return
        parts.push(data.subarray(at + 4, at + 4 + size))
        at += 4 + size
      }
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 })
    }),
  )
}

describe('virus scanning of uploads (ADR 043)', () => {
  let server: Server | null = null
  afterEach(() => {
    server?.close()
    server = null
  })

  it('without a scanner, refuses the EICAR test file and nothing else', async () => {
    const scanner = createTestSignatureScanner()
    expect(await scanner.scan(Buffer.from(`%PDF-1.4\n${EICAR}\n%%EOF`))).toEqual({
      clean: false,
      signature: 'Eicar-Test-Signature',
    })
    expect(await scanner.scan(Buffer.from('%PDF-1.4\nhello\n%%EOF'))).toEqual({ clean: true })
  })

  it('streams the file to clamd in chunks and reads its verdict', async () => {
    const fake = await fakeClamd((file) =>
      file.includes(Buffer.from(EICAR)) ? 'stream: Eicar-Test-Signature FOUND' : 'stream: OK',
    )
    server = fake.server
    const scanner = createClamdScanner({ host: '127.0.0.1', port: fake.port })
    // Over one chunk long, so the length prefixes are exercised.
    const big = Buffer.concat([Buffer.alloc(200_000, 7), Buffer.from(EICAR)])
    expect(await scanner.scan(big)).toEqual({ clean: false, signature: 'Eicar-Test-Signature' })
    expect(await scanner.scan(Buffer.alloc(150_000, 1))).toEqual({ clean: true })
  })

  it('refuses the upload when clamd cannot be reached or answers nonsense', async () => {
    const fake = await fakeClamd(() => null)
    server = fake.server
    await expect(
      createClamdScanner({ host: '127.0.0.1', port: fake.port }).scan(Buffer.from('x')),
    ).rejects.toMatchObject({ code: 'UPLOAD_SCAN_UNAVAILABLE' })
    await expect(
      createClamdScanner({ host: '127.0.0.1', port: 1 }).scan(Buffer.from('x')),
    ).rejects.toMatchObject({ code: 'UPLOAD_SCAN_UNAVAILABLE' })
  })
})
