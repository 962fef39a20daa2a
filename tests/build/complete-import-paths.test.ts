import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * scripts/complete-import-paths.mjs, run as `npm run build:gateway` runs it, on a small emitted
 * tree: each relative import gets the ending Node's loader needs, and one naming no file fails.
 */
const script = path.resolve(import.meta.dirname, '../../scripts/complete-import-paths.mjs')
let dir = ''

function emitted(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), 'kabu-emitted-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
}

const complete = () =>
  promisify(execFile)(process.execPath, [script, dir]).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  )

afterEach(() => rmSync(dir, { recursive: true, force: true }))

// Each run is a node process loading TypeScript: seconds on 2 busy cores.
describe('complete-import-paths', { timeout: 60_000 }, () => {
  it('names the file of each relative import and leaves packages alone', async () => {
    emitted({
      'main.js': [
        "import { a } from './app';",
        "import * as q from './ipo.sql';",
        "export { b } from './market';",
        "import { c } from './done.js';",
        "import express from 'express';",
        "import { d } from '@kabu/shared/market/types';",
        "const later = () => import('./app');",
      ].join('\n'),
      'app.js': 'export const a = 1',
      'ipo.sql.js': 'export const q = 1',
      'done.js': 'export const c = 1',
      'market/index.js': "export { a as b } from '../app';",
    })
    expect(await complete()).toEqual({ code: 0, stderr: '' })
    expect(readFileSync(path.join(dir, 'main.js'), 'utf8').split('\n')).toEqual([
      "import { a } from './app.js';",
      "import * as q from './ipo.sql.js';",
      "export { b } from './market/index.js';",
      "import { c } from './done.js';",
      "import express from 'express';",
      "import { d } from '@kabu/shared/market/types';",
      "const later = () => import('./app.js');",
    ])
    expect(readFileSync(path.join(dir, 'market/index.js'), 'utf8')).toBe(
      "export { a as b } from '../app.js';",
    )
  })

  it('fails, naming the file and the import, when an import names no emitted file', async () => {
    emitted({ 'main.js': "import { gone } from './gone';\nimport { a } from './app';" })
    const result = await complete()
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`${path.join(dir, 'main.js')}: ./gone`)
  })
})
