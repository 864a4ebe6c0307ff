import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

/**
 * A WebAuthn authenticator in software, for API tests: it answers registration and
 * authentication options as a phone's fingerprint sensor would (user verified), with a P-256 key.
 * Browser tests use Chromium's virtual authenticator instead.
 */

// The few CBOR shapes WebAuthn needs: maps, text, byte strings, small integers (RFC 8949).
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 256) return Buffer.from([(major << 5) | 24, n])
  const b = Buffer.alloc(3)
  b[0] = (major << 5) | 25
  b.writeUInt16BE(n, 1)
  return b
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
  const parts = [head(5, value.size)]
  for (const [k, v] of value) parts.push(cbor(k), cbor(v))
  return Buffer.concat(parts)
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()
const b64url = (data: Buffer) => data.toString('base64url')

export function createSoftwareAuthenticator(origin: string, rpId: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string }
  const credentialId = randomBytes(16)
  let counter = 0
  const flags = { UP: 0x01, UV: 0x04, AT: 0x40 }

  function clientData(type: string, challenge: string, at = origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }))
  }
  function authData(extra: Buffer | null, userVerified: boolean) {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    const f = flags.UP | (userVerified ? flags.UV : 0) | (extra ? flags.AT : 0)
    return Buffer.concat([sha256(rpId), Buffer.from([f]), count, extra ?? Buffer.alloc(0)])
  }

  return {
    id: b64url(credentialId),
    /** The answer to registration options, as navigator.credentials.create() gives it in JSON. */
    register(options: { challenge: string }, opts: { origin?: string } = {}) {
      const cose = new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ])
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialId.length)
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cbor(cose)])
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(attested, true)],
        ]),
      )
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, opts.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      }
    },
    /** The answer to authentication options, as navigator.credentials.get() gives it in JSON. */
    authenticate(
      options: { challenge: string },
      opts: { userVerified?: boolean; key?: KeyObject; origin?: string } = {},
    ) {
      counter += 1
      const data = authData(null, opts.userVerified ?? true)
      const client = clientData('webauthn.get', options.challenge, opts.origin)
      const signature = sign(
        'sha256',
        Buffer.concat([data, sha256(client)]),
        opts.key ?? privateKey,
      )
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      }
    },
  }
}
