import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Seals ID numbers at rest with AES-256-GCM, bound to their owner. */
export interface IdSealer {
  seal(userId: bigint, plain: string): Promise<string>
  open(userId: bigint, sealed: string): Promise<string>
}

const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * The key comes from the ID_KEY setting, else from `DATA_DIR/keys/id.key`, made on first use (one
 * gateway on its own disk needs no setup; several sharing a database must share ID_KEY). The key
 * is never logged. The user id is the associated data, so a sealed number copied onto another
 * user's row no longer opens.
 */
export function createIdSealer(options: { idKey: string | undefined; dataDir: string }): IdSealer {
  let key: Promise<Buffer> | undefined
  const keyOnce = () => (key ??= loadKey(options))
  const aad = (userId: bigint) => Buffer.from(`user:${userId}`)

  return {
    async seal(userId, plain) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', await keyOnce(), iv)
      cipher.setAAD(aad(userId))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    async open(userId, sealed) {
      const raw = Buffer.from(sealed, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', await keyOnce(), raw.subarray(0, IV_BYTES))
      decipher.setAAD(aad(userId))
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
      const body = raw.subarray(IV_BYTES + TAG_BYTES)
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
    },
  }
}

async function loadKey(options: { idKey: string | undefined; dataDir: string }): Promise<Buffer> {
  if (options.idKey) return Buffer.from(options.idKey, 'hex')
  const file = path.join(options.dataDir, 'keys', 'id.key')
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  try {
    await writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex')
}
