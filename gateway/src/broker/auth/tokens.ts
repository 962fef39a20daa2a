import { createHash, randomBytes, randomInt } from 'node:crypto'

/**
 * A session token: 256 random bits, base64url. Only its SHA-256 is stored, so a leaked table (or
 * backup) holds nothing a client could present. A fast hash is right here: the token is random, so
 * there is nothing to brute-force, unlike a password.
 */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashSessionToken(token) }
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

// No 0/O or 1/I: people read invite codes aloud and type them from screenshots.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const INVITE_LENGTH = 8

/** A fresh invite code (matches INVITE_RULE); uniqueness is the database's job, see service.ts. */
export function newInviteCode(): string {
  let code = ''
  for (let i = 0; i < INVITE_LENGTH; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]
  return code
}
