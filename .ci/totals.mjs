// Sums vitest JSON reports into the one plain line CI reads: "N passed, N failed, N skipped".
import { readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
for (const file of process.argv.slice(2)) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'))
    passed += r.numPassedTests
    failed += r.numFailedTests
    skipped += r.numPendingTests + r.numTodoTests
    // A test file that failed with no failing test in it (it did not load, a hook threw) counts
    // once; vitest's numFailedTestSuites also counts every describe around a failed test.
    for (const f of r.testResults ?? []) {
      const failing = (f.assertionResults ?? []).filter((a) => a.status === 'failed').length
      if (f.status === 'failed' && failing === 0) failed += 1
    }
  } catch {
    // A runner that never wrote its report failed before testing anything.
    failed += 1
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
