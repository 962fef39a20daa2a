import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The wiring convention of the feature machines: `<name>.machine.ts` is pure — its calls are
 * actors it declares with `notProvided` and the app injects — and `<name>.live.ts` beside it
 * provides them (the API, the sockets, fresh keys). A machine that imports a call itself cannot
 * run in its model-based tests; one without a live file has its wiring hidden in a screen.
 */

/** Code a machine may not import (a type-only import is erased, so it may). */
const CALLS = /^(\.\.\/)+(api|realtime)\/|\.api$|\.live$/

/** What breaks the convention among `files` (path → source, paths under features/). */
export function wiringProblems(files: Record<string, string>): string[] {
  const problems: string[] = []
  for (const [path, source] of Object.entries(files)) {
    if (!path.endsWith('.machine.ts')) continue
    const live = path.replace(/\.machine\.ts$/, '.live.ts')
    if (source.includes('notProvided(') && !(live in files))
      problems.push(`${path} injects actors but has no ${live}`)
    for (const [, typeOnly, spec] of source.matchAll(/^import (type )?[^']*?from '([^']+)'/gms))
      if (!typeOnly && CALLS.test(spec!)) problems.push(`${path} imports ${spec}`)
  }
  return problems
}

const FEATURES = join(__dirname)
const featureFiles = () =>
  Object.fromEntries(
    readdirSync(FEATURES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(join(FEATURES, d.name))
          .filter((f) => f.endsWith('.ts'))
          .map((f) => [`${d.name}/${f}`, readFileSync(join(FEATURES, d.name, f), 'utf8')]),
      ),
  )

describe('feature machines and their live wiring', () => {
  it('every machine with injected actors has its <name>.live.ts, and imports no call', () => {
    const files = featureFiles()
    expect(Object.keys(files).filter((f) => f.endsWith('.machine.ts')).length).toBeGreaterThan(15)
    expect(wiringProblems(files)).toEqual([])
  })

  it('names a machine without its live file, and one that imports the API or a socket', () => {
    const machine =
      "import { notProvided } from '../../state/machine-helpers'\nnotProvided('load')\n"
    expect(
      wiringProblems({
        'x/x.machine.ts': machine,
        'y/y.machine.ts': `import { fetchY } from '../../api/y'\n${machine}`,
        'y/y.live.ts': '',
        'z/z.machine.ts': `import {\n  sendZ,\n} from './z.api'\nimport type { Z } from './z.api'\n`,
      }),
    ).toEqual([
      'x/x.machine.ts injects actors but has no x/x.live.ts',
      'y/y.machine.ts imports ../../api/y',
      'z/z.machine.ts imports ./z.api',
    ])
  })
})
