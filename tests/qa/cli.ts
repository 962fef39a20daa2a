import { parseArgs } from 'node:util'
import { QA_MODELS } from './models/index'
import { passed, writeReport } from './report'
import { runQa } from './run'

/**
 * `npm run qa -- --target <URL> [--machines a,b] [--paths N] [--seed S] [--ops-token T]
 * [--ops-url URL] [--invite CODE] [--report DIR] [--path ID]` (API.md "QA", docs/qa.md). Exits 0
 * when every driven path held, 1 when one failed, 2 when the kit could not run at all.
 */

const USAGE = `usage: npm run qa -- --target <gateway URL> [--machines a,b] [--paths N] [--seed S]
  [--ops-token T] [--ops-url URL] [--invite CODE] [--report DIR] [--path ID]
machines: ${QA_MODELS.map((m) => m.name).join(', ')}`

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      target: { type: 'string' },
      machines: { type: 'string' },
      paths: { type: 'string', default: '8' },
      seed: { type: 'string' },
      'ops-token': { type: 'string' },
      'ops-url': { type: 'string' },
      invite: { type: 'string' },
      report: { type: 'string', default: '.' },
      path: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help || !values.target) {
    console.log(USAGE)
    return values.help ? 0 : 2
  }
  const seed = Number(values.seed ?? Math.floor(Math.random() * 100_000))
  const paths = Number(values.paths)
  if (!Number.isInteger(seed) || seed < 0 || !Number.isInteger(paths) || paths < 1) {
    console.error(`--seed and --paths take whole numbers\n${USAGE}`)
    return 2
  }
  const report = await runQa(QA_MODELS, {
    target: values.target,
    opsUrl: values['ops-url'],
    opsToken: values['ops-token'] ?? process.env.QA_OPS_TOKEN,
    invite: values.invite,
    machines: values.machines?.split(',').filter(Boolean),
    paths,
    seed,
    path: values.path === undefined ? undefined : Number(values.path),
    log: (line) => console.log(line),
  })
  const files = writeReport(report, values.report)
  for (const m of report.machines)
    console.log(
      `${m.name.padEnd(16)} states ${m.covered_states}/${m.states}  transitions ${m.covered_transitions}/${m.transitions}  paths ${m.held}/${m.paths} held${m.failures.length ? `  ${m.failures.length} FAILED` : ''}`,
    )
  console.log(`seed ${seed}; report ${files.json}, ${files.html}`)
  return passed(report) ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(2)
  },
)
