import { kitAccounts } from './accounts'
import { totalsOf } from './coverage'
import { drivePath } from './drive'
import type { Kit, QaModel } from './model'
import { candidatePaths, pickPaths } from './paths'
import type { MachineReport, QaReport } from './report'
import { Target } from './target'

/** One run of QA's kit: the flags of `npm run qa` (API.md "QA"). */
export interface QaOptions {
  target: string
  /** Where the back office is, when not on the target (a forwarding gateway has none). */
  opsUrl?: string
  opsToken?: string
  invite?: string
  machines?: string[]
  paths: number
  seed: number
  /** Replays one path (its id in the report) of the one machine named. */
  path?: number
  log?: (line: string) => void
}

export async function runQa(models: QaModel[], options: QaOptions): Promise<QaReport> {
  const log = options.log ?? (() => undefined)
  const target = new Target({
    url: options.target,
    opsUrl: options.opsUrl,
    opsToken: options.opsToken,
  })
  const config = await target.config()
  // API.md leaves the invite out of /common/config; a target that adds one is read.
  const invite = options.invite ?? config.get('invite_code') ?? config.get('invite')
  if (!invite) throw new Error('no invite code: give --invite (the demo prints it at start)')
  const ops = await target.opsReachable()
  const clock = ops && (await target.ops<{ time_travel: boolean }>('GET', '/clock')).time_travel
  const kit: Kit = {
    target,
    accounts: kitAccounts(target, invite, options.seed),
    powers: { ops, clock },
  }
  log(`target ${target.url}: back office ${ops ? 'yes' : 'no'}, clock ${clock ? 'yes' : 'no'}`)

  const chosen = options.machines?.length
    ? models.filter((m) => options.machines!.includes(m.name))
    : models
  const unknown = (options.machines ?? []).filter((n) => !models.some((m) => m.name === n))
  if (unknown.length) throw new Error(`no such machine: ${unknown.join(', ')}`)

  const machines: MachineReport[] = []
  for (const model of chosen) {
    const totals = totalsOf(model.machine)
    const candidates = candidatePaths(model)
    const paths =
      options.path === undefined
        ? pickPaths(candidates, options.paths, options.seed)
        : candidates.filter((p) => p.id === options.path)
    const states = new Set<string>()
    const transitions = new Set<string>()
    const report: MachineReport = {
      name: model.name,
      source: model.source,
      states: totals.states.length,
      transitions: totals.transitions.length,
      covered_states: 0,
      covered_transitions: 0,
      paths: paths.length,
      candidate_paths: candidates.length,
      held: 0,
      failures: [],
      not_covered: [],
      refused: [],
      uncovered_states: [],
      uncovered_transitions: [],
    }
    for (const path of paths) {
      const outcome = await drivePath(model, kit, path)
      const replay = replayOf(options, model.name, path.id)
      log(`${model.name} #${path.id} ${outcome.kind}: ${path.name}`)
      if (outcome.kind === 'held') {
        report.held++
        outcome.coverage.mergeInto(states, transitions)
      } else if (outcome.kind === 'failed') {
        const { step, expected, got } = outcome
        report.failures.push({ path: path.name, path_id: path.id, step, expected, got, replay })
      } else if (outcome.kind === 'refused') {
        report.refused.push({
          path: path.name,
          path_id: path.id,
          step: outcome.step,
          msg: outcome.msg,
          replay,
        })
      } else {
        report.not_covered.push({ path: path.name, path_id: path.id, reason: outcome.reason })
      }
    }
    report.covered_states = totals.states.filter((s) => states.has(s)).length
    report.covered_transitions = totals.transitions.filter((t) => transitions.has(t)).length
    report.uncovered_states = totals.states.filter((s) => !states.has(s))
    report.uncovered_transitions = totals.transitions.filter((t) => !transitions.has(t))
    machines.push(report)
  }
  return {
    target: target.url,
    seed: options.seed,
    at: new Date().toISOString(),
    powers: kit.powers,
    accounts: kit.accounts.made,
    retries: target.retries,
    machines,
  }
}

/** The command that drives the same path again (new accounts of the same seed's name). */
function replayOf(options: QaOptions, machine: string, path: number): string {
  const ops = options.opsToken ? ' --ops-token <token>' : ''
  const opsUrl = options.opsUrl ? ` --ops-url ${options.opsUrl}` : ''
  const invite = options.invite ? ` --invite ${options.invite}` : ''
  return `npm run qa -- --target ${options.target}${opsUrl}${ops}${invite} --machines ${machine} --seed ${options.seed} --path ${path}`
}
