import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Powers } from './model'
import type { Retry } from './target'

/** `qa-report.json` (API.md "QA"; the fields past the fixed ones are added, as API.md allows). */
export interface QaReport {
  target: string
  seed: number
  at: string
  powers: Powers
  /** The accounts the kit registered: the only ones it touched. */
  accounts: string[]
  retries: Retry[]
  machines: MachineReport[]
}

export interface Failure {
  path: string
  path_id: number
  step: string
  expected: unknown
  got: unknown
  replay: string
}

export interface MachineReport {
  name: string
  source: string
  states: number
  transitions: number
  covered_states: number
  covered_transitions: number
  /** Paths driven (or, for the back office's, set aside) this run. */
  paths: number
  candidate_paths: number
  held: number
  failures: Failure[]
  not_covered: Array<{ path: string; path_id: number; reason: string }>
  refused: Array<{ path: string; path_id: number; step: string; msg: string; replay: string }>
  uncovered_states: string[]
  uncovered_transitions: string[]
}

export const passed = (report: QaReport) => report.machines.every((m) => m.failures.length === 0)

export function writeReport(report: QaReport, dir: string): { json: string; html: string } {
  mkdirSync(dir, { recursive: true })
  const json = path.join(dir, 'qa-report.json')
  const html = path.join(dir, 'qa-report.html')
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`)
  writeFileSync(html, reportPage(report))
  return { json, html }
}

const escape = (text: unknown) =>
  (typeof text === 'string' ? text : JSON.stringify(text)).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  )

const percent = (part: number, whole: number) =>
  whole === 0 ? 100 : Math.round((part / whole) * 100)

function bar(label: string, part: number, whole: number): string {
  const p = percent(part, whole)
  return `<div class="bar"><span>${label} ${part}/${whole} (${p}%)</span><i style="width:${p}%"></i></div>`
}

function machineSection(m: MachineReport): string {
  const failures = m.failures
    .map(
      (f) => `<li class="fail"><b>${escape(f.path)}</b><br>step <code>${escape(f.step)}</code>
<br>expected <code>${escape(f.expected)}</code><br>got <code>${escape(f.got)}</code>
<br>replay <code>${escape(f.replay)}</code></li>`,
    )
    .join('')
  const others = [
    ...m.not_covered.map((n) => `<li>NOT COVERED ${escape(n.path)}: ${escape(n.reason)}</li>`),
    ...m.refused.map(
      (r) =>
        `<li>REFUSED ${escape(r.path)} at <code>${escape(r.step)}</code>: ${escape(r.msg)}</li>`,
    ),
  ].join('')
  const status = m.failures.length ? 'failed' : 'held'
  return `<section class="${status}"><h2>${escape(m.name)} <small>${escape(m.source)}</small></h2>
${bar('states', m.covered_states, m.states)}${bar('transitions', m.covered_transitions, m.transitions)}
<p>${m.paths} paths driven of ${m.candidate_paths}: ${m.held} held, ${m.failures.length} failed,
${m.refused.length} refused, ${m.not_covered.length} not covered.</p>
${failures || others ? `<ul>${failures}${others}</ul>` : ''}
<details><summary>not reached</summary><p>${m.uncovered_states.map(escape).join(', ') || '–'}</p>
<p>${m.uncovered_transitions.map(escape).join(', ') || '–'}</p></details></section>`
}

export function reportPage(report: QaReport): string {
  const failed = report.machines.reduce((n, m) => n + m.failures.length, 0)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>QA report ${escape(report.target)}</title><style>
body{font:14px/1.4 system-ui,sans-serif;margin:2rem;max-width:60rem}
section{border-left:4px solid #2e7d32;padding:.2rem 1rem;margin:1rem 0}
section.failed{border-color:#c62828}.fail{color:#b71c1c;margin:.5rem 0}
.bar{position:relative;background:#eee;height:1.4rem;margin:.2rem 0}
.bar i{position:absolute;left:0;top:0;bottom:0;background:#81c784}
.bar span{position:relative;z-index:1;padding-left:.4rem}code{word-break:break-all}
</style></head><body><h1>QA report: ${failed ? `${failed} failed` : 'every driven path held'}</h1>
<p>target <code>${escape(report.target)}</code>, seed ${report.seed}, ${escape(report.at)};
back office ${report.powers.ops ? 'used' : 'not given'}, clock ${report.powers.clock ? 'movable' : 'fixed'};
${report.accounts.length} accounts of the kit's; ${report.retries.length} calls retried.</p>
${report.machines.map(machineSection).join('\n')}</body></html>
`
}
