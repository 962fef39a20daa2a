#!/usr/bin/env node
// Writes tests/slow-files.json from vitest JSON reports (CI keeps them in tests/.reports): each
// file that took SLOW_SECONDS or more, with its longest seconds over the reports (a file run on
// SQLite and again on PostgreSQL keeps the slower), longest first. tests/support/slow-first.ts
// starts those files first. Run it after a full run whose figures are worth keeping:
//   node scripts/slow-files.mjs tests/.reports/*.json
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const SLOW_SECONDS = 3
const root = path.resolve(import.meta.dirname, '..')
const seconds = {}
for (const report of process.argv.slice(2)) {
  // Names are absolute where the run was (CI's clean clone): relative to the checkout the report
  // lies in (<checkout>/tests/.reports), else to this one.
  const at = path.resolve(path.dirname(report), '../..')
  const checkout = path.basename(path.dirname(report)) === '.reports' ? at : root
  for (const file of JSON.parse(readFileSync(report, 'utf8')).testResults) {
    const taken = (file.endTime - file.startTime) / 1000
    const name = path.relative(checkout, file.name).split(path.sep).join('/')
    if (taken >= SLOW_SECONDS) seconds[name] = Math.max(seconds[name] ?? 0, Math.round(taken))
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a))
writeFileSync(path.join(root, 'tests/slow-files.json'), `${JSON.stringify(sorted, null, 2)}\n`)
console.log(`tests/slow-files.json: ${Object.keys(sorted).length} files`)
