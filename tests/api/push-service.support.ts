import { execFileSync } from 'node:child_process'
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A push service played by the test, after the published documents: RFC 8030 (a POST to the
 * subscription's endpoint, answered 201 Created, or 410 Gone for a dead subscription), RFC 8291
 * (the body encrypted to the browser's P-256 key and auth secret, `aes128gcm` of RFC 8188) and
 * RFC 8292 (the `Authorization: vapid t=<JWT>, k=<key>` header, the JWT signed ES256). Nothing of
 * the gateway's code is used to read what arrives: the decryption below is the RFC's, written with
 * node:crypto.
 */

export interface PushReceived {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

const b64url = (data: Buffer) => data.toString('base64url')

/** A browser's side of one subscription: its key pair and auth secret (RFC 8291 §2). */
export interface FakeDevice {
  ecdh: ECDH
  auth: Buffer
  p256dh: string
  authText: string
}

export function fakeDevice(): FakeDevice {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return { ecdh, auth, p256dh: b64url(ecdh.getPublicKey()), authText: b64url(auth) }
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, its padding delimiter 0x02 and zeros after it. */
export function decryptPush(device: FakeDevice, body: Buffer): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body[20] ?? 0
  const serverKey = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  if (idLength !== 65 || ciphertext.length > recordSize) throw new Error('not one aes128gcm record')
  const ecdhSecret = device.ecdh.computeSecret(serverKey)
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    serverKey,
  ])
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ])
  const delimiter = padded.lastIndexOf(2)
  if (delimiter < 0 || padded.subarray(delimiter + 1).some((b) => b !== 0))
    throw new Error('no last-record delimiter')
  return padded.subarray(0, delimiter).toString('utf8')
}

/**
 * RFC 8292 §2-3: the header's `k` is the application server's key, and `t` a JWT whose signature
 * that key verifies (ES256, r‖s), whose `aud` is the push service's origin and `exp` within 24 h.
 */
export function readVapid(authorization: string, now: number) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization)
  if (!match) throw new Error(`not a vapid header: ${authorization}`)
  const [, token = '', k = ''] = match
  const [head = '', claims = '', signature = ''] = token.split('.')
  const point = Buffer.from(k, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33, 65)),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as Record<string, unknown>
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string
    exp: number
    sub: string
  }
  const expiresIn = payload.exp * 1000 - now
  return { k, header, payload, signed, expiresWithinADay: expiresIn > 0 && expiresIn <= 86_400_000 }
}

/**
 * A certificate for 127.0.0.1, made for this run by openssl (Debian's; node:crypto makes keys but
 * not certificates). The gateway is told to trust it through AppDeps.pushExtraCa.
 */
function selfSigned(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-cert-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The push service on https://127.0.0.1:<port>: `/gone/...` answers 410, anything else 201. Every
 * POST is kept, in order.
 */
export async function startPushService() {
  const { key, cert } = selfSigned()
  const received: PushReceived[] = []
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    cert,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
