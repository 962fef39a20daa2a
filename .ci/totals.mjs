// Sums vitest JSON reports into the one plain line CI reads: "N passed, N failed, N skipped".
// Above it, each failed test is named with the first line of its failure: CI keeps only the tail
// of the log, and a red run must say what to look at.
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'

let passed = 0
let failed = 0
let skipped = 0
const failures = []
for (const file of process.argv.slice(2)) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'))
    passed += r.numPassedTests
    failed += r.numFailedTests
    skipped += r.numPendingTests + r.numTodoTests
    for (const f of r.testResults ?? []) {
      const where = relative(process.cwd(), f.name ?? '')
      const failing = (f.assertionResults ?? []).filter((a) => a.status === 'failed')
      for (const a of failing)
        failures.push(`${where} > ${a.fullName}: ${firstLine(a.failureMessages)}`)
      // A test file that failed with no failing test in it (it did not load, a hook threw) counts
      // once; vitest's numFailedTestSuites also counts every describe around a failed test.
      if (f.status === 'failed' && failing.length === 0) {
        failed += 1
        failures.push(`${where}: ${firstLine([f.message])}`)
      }
    }
  } catch {
    // A runner that never wrote its report failed before testing anything.
    failed += 1
    failures.push(`${file}: no report (the runner stopped before testing)`)
  }
}

function firstLine(messages) {
  const text = (messages ?? []).find((m) => typeof m === 'string' && m.trim()) ?? 'no message'
  return text.trim().split('\n')[0].slice(0, 300)
}

for (const line of failures) console.log(`FAILED ${line}`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
