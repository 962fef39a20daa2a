// Cycles must be refused at both sizes: between files (ESLint's import-x/no-cycle) and between
// folders (dependency-cruiser's no-folder-cycles, `npm run lint`). Each check gets a probe that
// makes a cycle on purpose, written into the tree for the test and removed after it.
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// ESLint loads the TypeScript projects of four workspaces on its first lint: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

const root = join(import.meta.dirname, '../..')
// Under gateway/src so that the gateway's rules and resolver apply as to real code.
const probe = join(root, 'gateway/src/__cycle_probe__')

function write(path: string, source: string) {
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, source)
}

beforeAll(() => {
  // Files a ↔ b import each other; folders left → right → left through other files.
  write(join(probe, 'a.ts'), `import { b } from './b'\nexport const a = () => b\n`)
  write(join(probe, 'b.ts'), `import { a } from './a'\nexport const b = () => a\n`)
  write(join(probe, 'left/one.ts'), `import { two } from '../right/two'\nexport const one = two\n`)
  write(join(probe, 'right/two.ts'), `export const two = 2\n`)
  write(
    join(probe, 'right/three.ts'),
    `import { four } from '../left/four'\nexport const three = four\n`,
  )
  write(join(probe, 'left/four.ts'), `export const four = 4\n`)
})
afterAll(() => rmSync(probe, { recursive: true, force: true }))

/** `npm run lint`'s folder check on some paths: its exit status and what it printed. */
function depcruise(...paths: string[]) {
  const bin = join(root, 'node_modules/.bin/depcruise')
  const run = spawnSync(bin, [...paths, '--config', '.dependency-cruiser.cjs'], {
    cwd: root,
    encoding: 'utf8',
  })
  return { status: run.status, output: run.stdout + run.stderr }
}

describe('cycles', () => {
  it('ESLint refuses two files that import each other', async () => {
    // The one rule this probe proves, from the real config (npm run lint runs the rest).
    const eslint = new ESLint({
      cwd: root,
      ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-cycle',
    })
    const [result] = await eslint.lintFiles([join(probe, 'a.ts')])
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle')
  })

  it('dependency-cruiser refuses two folders that import each other through other files', () => {
    const { status, output } = depcruise(
      'gateway/src/__cycle_probe__/left',
      'gateway/src/__cycle_probe__/right',
    )
    expect(status).not.toBe(0)
    expect(output).toContain('error no-folder-cycles: gateway/src/__cycle_probe__/left')
  })
})
