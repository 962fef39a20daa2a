import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

/**
 * scripts/checks.mjs runs `npm test`'s static checks in two lanes at once: a check failing in one
 * lane must fail the whole, whatever the other lane does, or a red lint would pass CI.
 */
const script = path.resolve(import.meta.dirname, '../../scripts/checks.mjs')

const checks = (...lanes: string[]) =>
  promisify(execFile)(process.execPath, [script, ...lanes]).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  )

describe('checks', { timeout: 30_000 }, () => {
  it('fails when a check of either lane fails, and stops that lane there', async () => {
    const { code, stdout } = await checks('no-such-check docs:config', 'docs:missing')
    expect(code).toBe(1)
    expect(stdout).toMatch(/npm run no-such-check \(\d+ s, exit [1-9]/)
    expect(stdout).not.toMatch(/npm run docs:config/)
    expect(stdout).toMatch(/npm run docs:missing \(\d+ s, exit [1-9]/)
  })
})
