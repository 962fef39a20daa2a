// Cycles must be refused at every size: between files (ESLint's import-x/no-cycle, and
// dependency-cruiser's no-file-cycles for the `import type` cycles ESLint skips), between folders
// (no-folder-cycles) and between the client's layers (eslint.config.js's layer zones). Each check
// gets a probe that makes a cycle on purpose, written into the tree for the test and removed after
// it, or linted as text.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { clientLayers } from '../../eslint.config.js'

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
  // Files a ↔ b import each other; types-a ↔ types-b only each other's types; folders
  // left → right → left through other files.
  write(join(probe, 'a.ts'), `import { b } from './b'\nexport const a = () => b\n`)
  write(join(probe, 'b.ts'), `import { a } from './a'\nexport const b = () => a\n`)
  write(join(probe, 'types-a.ts'), `import type { B } from './types-b'\nexport type A = B[]\n`)
  write(join(probe, 'types-b.ts'), `import type { A } from './types-a'\nexport type B = A[]\n`)
  write(join(probe, 'left/one.ts'), `import { two } from '../right/two'\nexport const one = two\n`)
  write(join(probe, 'right/two.ts'), `export const two = 2\n`)
  write(
    join(probe, 'right/three.ts'),
    `import { four } from '../left/four'\nexport const three = four\n`,
  )
  write(join(probe, 'left/four.ts'), `export const four = 4\n`)
})
afterAll(() => rmSync(probe, { recursive: true, force: true }))

let cruised: { status: number | null; output: string } | undefined
/** `npm run lint`'s dependency-cruiser on the probes, run once: its exit status and output. */
function depcruise() {
  const bin = join(root, 'node_modules/.bin/depcruise')
  const run = () =>
    spawnSync(bin, ['gateway/src/__cycle_probe__', '--config', '.dependency-cruiser.cjs'], {
      cwd: root,
      encoding: 'utf8',
    })
  cruised ??= (({ status, stdout, stderr }) => ({ status, output: stdout + stderr }))(run())
  return cruised
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

  it('dependency-cruiser refuses two files that import only types of each other', () => {
    const { status, output } = depcruise()
    expect(status).not.toBe(0)
    expect(output).toMatch(/error no-file-cycles: gateway\/src\/__cycle_probe__\/types-[ab]\.ts/)
  })

  it('dependency-cruiser refuses two folders that import each other through other files', () => {
    const { status, output } = depcruise()
    expect(status).not.toBe(0)
    expect(output).toContain('error no-folder-cycles: gateway/src/__cycle_probe__/left')
  })

  it('ESLint refuses a cycle between client layers: ui may import api, not api ui', async () => {
    // The shape of the cycle issue 33 found: ui/form read api/refusal, api/vue.ts (now api/broker.ts) showed ui's toast.
    const eslint = new ESLint({ cwd: root })
    const errorsOf = async (file: string, source: string) => {
      const [result] = await eslint.lintText(source, { filePath: join(root, file) })
      return (result?.messages ?? []).filter((m) => m.severity === 2)
    }
    const down = await errorsOf(
      'client/src/ui/form/__probe__.ts',
      `export { isBrokerRefusal } from '../../api/refusal'\n`,
    )
    const up = await errorsOf(
      'client/src/api/__probe__.ts',
      `export { showToast } from '../ui/toast/toast.store'\n`,
    )
    expect(down).toEqual([])
    expect(up.map((e) => e.ruleId)).toContain('import-x/no-restricted-paths')
    expect(up.map((e) => e.message).join('\n')).toContain('client layers import only the layers')
  })

  it('puts every folder of client/src in the layers (the console is a page of its own)', () => {
    const folders = readdirSync(join(root, 'client/src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(folders.filter((f) => f !== 'console' && !clientLayers.includes(f))).toEqual([])
  })
})
