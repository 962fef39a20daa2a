import { existsSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { slowFiles } from '../support/slow-first'

// A file renamed or removed would silently lose its place at the front (tests/support/slow-first.ts).
it('names only test files that exist', () => {
  const root = path.resolve(import.meta.dirname, '../..')
  const missing = Object.keys(slowFiles()).filter((file) => !existsSync(path.join(root, file)))
  expect(missing).toEqual([])
})
