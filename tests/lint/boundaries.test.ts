// The import boundaries must fire: ESLint skipped every TypeScript import for months without a
// resolver, and nothing said so. For every zone of eslint.config.js this lints a probe that breaks
// it (a file in the zone's target importing a real file from its forbidden side) and expects that
// zone's error; allowed imports are linted too and must stay clean.
import { readdirSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { zones } from '../../eslint.config.js'

// ESLint loads the TypeScript projects of four workspaces on its first lint: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

/**
 * The rules these probes prove, from the real config (zones, resolver, file globs). `npm run lint`
 * runs the rest on the real tree; here they would only cost time: import-x/no-cycle parses every
 * file a probe's import reaches (tests/lint/cycles.test.ts proves that one on its own probe).
 */
const PROBED = new Set([
  'import-x/no-restricted-paths',
  'import-x/no-unresolved',
  'no-restricted-imports',
])

const root = join(import.meta.dirname, '../..')
const list = (v: string | string[]) => (Array.isArray(v) ? v : [v])
const abs = (p: string) => join(root, p)

/** The first source file under `dir` (or `dir` itself) outside `avoid`. */
function firstSource(dir: string, avoid: string[]): string | undefined {
  if (avoid.some((a) => dir === a || dir.startsWith(`${a}/`))) return undefined
  if (!statSync(dir).isDirectory()) return /\.tsx?$/.test(dir) ? dir : undefined
  for (const entry of readdirSync(dir).sort()) {
    // Other lint tests write probes (`__cycle_probe__`) beside real code while this one runs.
    if (entry === 'node_modules' || entry.startsWith('.') || entry.startsWith('__')) continue
    const found = firstSource(join(dir, entry), avoid)
    if (found) return found
  }
  return undefined
}

/** Where a probe lints from: a file target is the probe itself, a folder gets a new file in it. */
const probePath = (target: string) =>
  /\.tsx?$/.test(target) ? abs(target) : join(abs(target), '__probe__.ts')

function specifier(from: string, to: string): string {
  const rel = relative(dirname(from), to).replace(/\.tsx?$/, '')
  return rel.startsWith('.') ? rel : `./${rel}`
}

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => PROBED.has(ruleId) })
})

async function errorsOf(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: file })
  return (result?.messages ?? []).filter((m) => m.severity === 2)
}

const probes = zones.flatMap((zone) =>
  list(zone.target).flatMap((target) =>
    list(zone.from).map((from) => {
      const avoid = [abs(target), ...(zone.except ?? []).map((e) => join(abs(from), e))]
      return { zone, target, from, imported: firstSource(abs(from), avoid) }
    }),
  ),
)

describe('import boundaries', () => {
  it('has a probe for every zone, target and forbidden side', () => {
    expect(probes.length).toBeGreaterThan(40)
    const missing = probes.filter((p) => !p.imported).map((p) => `${p.target} ← ${p.from}`)
    expect(missing).toEqual([])
  })

  it.each(probes.filter((p) => p.imported))(
    '$target may not import $from',
    async ({ zone, target, imported }) => {
      const file = probePath(target)
      const errors = await errorsOf(file, `import '${specifier(file, imported!)}'\n`)
      expect(errors.map((e) => e.ruleId)).toContain('import-x/no-restricted-paths')
      expect(errors.map((e) => e.message).join('\n')).toContain(zone.message)
    },
  )

  it.each([
    ['client/src/features/stock/__probe__.ts', '@kabu/gateway/src/config'],
    ['shared/src/__probe__.ts', '@kabu/client/src/api/broker'],
  ])('%s may not import the package %s either', async (file, spec) => {
    const errors = await errorsOf(abs(file), `import '${spec}'\n`)
    expect(errors.map((e) => e.ruleId)).toContain('import-x/no-restricted-paths')
  })

  it.each([
    ['gateway/src/broker/trading/__probe__.ts', '../common/refusal'],
    ['gateway/src/broker/trading/__probe__.ts', '../ledger/index'],
    ['gateway/src/broker/trading/__probe__.ts', './service'],
    ['gateway/src/broker/ledger/__probe__.ts', '../common/refusal'],
    ['gateway/src/broker/ledger/__probe__.ts', './post.pg.sql'],
    ['gateway/src/composition/__probe__.ts', '../broker/ledger/routes'],
    ['tests/support/__probe__.ts', '../../gateway/src/broker/ledger/check'],
    ['gateway/src/http/__probe__.ts', '../broker/index'],
    ['gateway/src/ops/__probe__.ts', '../broker/index'],
    ['gateway/src/composition/__probe__.ts', '../broker/loans/index'],
    ['gateway/src/broker/trading/__probe__.test.ts', '../../../../tests/support/db'],
    ['client/src/features/stock/__probe__.ts', '../../ui/EmptyState'],
    ['client/src/features/stock/__probe__.ts', './order.machine'],
    ['client/src/ui/__probe__.ts', '../realtime/index'],
    ['client/src/app/__probe__.ts', '../features/stock/routes'],
  ])('%s may import %s', async (file, spec) => {
    expect(await errorsOf(abs(file), `import '${spec}'\n`)).toEqual([])
  })

  // Every file of the ledger but its entry: its posting paths and queries (the zone's own probe
  // tries one of them; this tries each, from an area and from the tests).
  const ledgerInsides = readdirSync(abs('gateway/src/broker/ledger'))
    .filter((f) => /\.ts$/.test(f) && !/\.(test|fixture)\.ts$/.test(f))
    .filter((f) => !['index.ts', 'routes.ts', 'check.ts'].includes(f))
    .map((f) => f.replace(/\.ts$/, ''))
  it('finds the ledger paths to probe', () => {
    expect(ledgerInsides).toEqual(expect.arrayContaining(['paths', 'post.pg.sql', 'bulk.sql']))
  })
  it.each(ledgerInsides)('keeps ledger/%s behind ledger.post', async (file) => {
    const outside = [
      ['gateway/src/broker/trading/__probe__.ts', `../ledger/${file}`],
      ['tests/api/__probe__.ts', `../../gateway/src/broker/ledger/${file}`],
    ] as const
    for (const [from, spec] of outside) {
      const errors = await errorsOf(abs(from), `import '${spec}'\n`)
      expect(errors.map((e) => e.message).join('\n'), from).toContain(
        'its posting paths stay behind ledger.post',
      )
    }
  })

  it("keeps MUI's Tabs out of the phone app (ui/SegmentTabs instead), not out of the console", async () => {
    for (const spec of [
      `import Tabs from '@mui/material/Tabs'`,
      `import Tab from '@mui/material/Tab'`,
      `import { Tabs } from '@mui/material'`,
    ]) {
      const errors = await errorsOf(abs('client/src/features/home/__probe__.ts'), `${spec}\n`)
      expect(
        errors.map((e) => e.ruleId),
        spec,
      ).toContain('no-restricted-imports')
    }
    const inConsole = await errorsOf(
      abs('client/src/console/pages/__probe__.ts'),
      `import Tabs from '@mui/material/Tabs'\n`,
    )
    expect(inConsole.map((e) => e.ruleId)).not.toContain('no-restricted-imports')
  })

  it('refuses an import that does not resolve, so no zone can skip it silently', async () => {
    const errors = await errorsOf(
      abs('client/src/features/stock/__probe__.ts'),
      `import '../nowhere/x'\n`,
    )
    expect(errors.map((e) => e.ruleId)).toContain('import-x/no-unresolved')
  })
})
