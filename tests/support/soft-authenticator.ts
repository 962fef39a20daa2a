import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

/**
 * A software passkey authenticator in Node: real ES256 keys (node:crypto), 'none' attestation and
 * assertions signed as a phone signs them (WebAuthn §6.1, §6.3.3), so the gateway's checks run
 * against genuine signatures, not a mock of the library. It takes and returns the JSON shapes of
 * @simplewebauthn/browser.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

// Just enough CBOR (RFC 8949) for an attestation object and a COSE key.
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 256) return Buffer.from([(major << 5) | 24, n])
  const b = Buffer.alloc(3)
  b[0] = (major << 5) | 25
  b.writeUInt16BE(n, 1)
  return b
}
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, text.length), text])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  const parts = [head(5, value.size)]
  for (const [k, v] of value) parts.push(cbor(k), cbor(v))
  return Buffer.concat(parts)
}

interface StoredCredential {
  id: Buffer
  rpId: string
  userHandle: string
  privateKey: KeyObject
  counter: number
}

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4)
  count.writeUInt32BE(counter)
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)])
}

export interface CreationOptions {
  challenge: string
  rp: { id?: string; name: string }
  user: { id: string; name: string }
}
export interface RequestOptions {
  challenge: string
  rpId?: string
  allowCredentials?: { id: string }[]
}

export function softAuthenticator() {
  const credentials: StoredCredential[] = []
  return {
    credentials,

    /** navigator.credentials.create() on `origin`: a new discoverable ES256 passkey. */
    create(options: CreationOptions, origin: string, opts: { userVerified?: boolean } = {}) {
      const rpId = options.rp.id ?? new URL(origin).hostname
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const coseKey = new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ])
      const id = randomBytes(16)
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(id.length)
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cbor(coseKey)])
      const flags = FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV) | FLAG_AT
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(rpId, flags, 0, attested)],
        ]),
      )
      const clientData = { type: 'webauthn.create', challenge: options.challenge, origin }
      credentials.push({ id, rpId, userHandle: options.user.id, privateKey, counter: 0 })
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(Buffer.from(JSON.stringify(clientData))),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      }
    },

    /** navigator.credentials.get() on `origin`: an assertion by an allowed (or any) passkey. */
    get(options: RequestOptions, origin: string, opts: { credential?: number } = {}) {
      const rpId = options.rpId ?? new URL(origin).hostname
      const allowed = options.allowCredentials?.map((c) => c.id) ?? []
      const usable = credentials.filter(
        (c) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(b64url(c.id))),
      )
      const credential = usable[opts.credential ?? 0]
      if (!credential) throw new Error('no passkey for this site')
      credential.counter += 1
      const data = authData(rpId, FLAG_UP | FLAG_UV, credential.counter)
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }),
      )
      const signature = sign('sha256', Buffer.concat([data, sha256(clientDataJSON)]), {
        key: credential.privateKey,
        dsaEncoding: 'der',
      })
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
      }
    },
  }
}
