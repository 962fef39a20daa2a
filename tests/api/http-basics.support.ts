import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'

/** Helpers of the HTTP basics tests. */

/** The one asset of the stand-in client build, and its text. */
export const ASSET = '/assets/index-Ab12Cd.js'
export const ASSET_TEXT = 'console.log(1)'

/**
 * A client build in a temporary folder, for CLIENT_DIR: index.html and one hashed asset beside its
 * Brotli copy, as the build writes it (client/vite.config.ts), from the same file.
 */
export function writeBuiltClient(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'kabu-client-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>kabu</title>')
  writeFileSync(path.join(dir, ASSET), ASSET_TEXT)
  writeFileSync(path.join(dir, `${ASSET}.br`), brotliCompressSync(ASSET_TEXT))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * GET `url` asking for `acceptEncoding`: its headers and the bytes as sent. node:http, not fetch:
 * fetch would decode the body and hide which bytes were sent.
 */
export function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject).end()
  })
}
