// Sums vitest JSON reports into the one plain line CI reads: "N passed, N failed, N skipped".
import { readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
for (const file of process.argv.slice(2)) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'))
    passed += r.numPassedTests
    failed += r.numFailedTests + (r.numFailedTestSuites ?? 0)
    skipped += r.numPendingTests + r.numTodoTests
  } catch {
    // A runner that never wrote its report failed before testing anything.
    failed += 1
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
