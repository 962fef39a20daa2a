import { median } from '../median'
import type { PageFigures } from './runner'

type Medians = Record<keyof PageFigures, number>

function mediansOf(runs: PageFigures[]): Medians {
  const keys = Object.keys(runs[0]!) as Array<keyof PageFigures>
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Medians
}

/**
 * One line per page: medians of every figure, and the scores of each run (their spread shows how
 * much to trust the median). With a reference, each page of this build also gets its ratios.
 */
export function printTable(
  figures: Record<string, PageFigures[]>,
  pages: readonly string[],
  withReference: boolean,
): void {
  const medians = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, mediansOf(v)]))
  console.log(
    '\npage                         score   FCP ms   LCP ms   TBT ms   JS KiB (scripts)  benchmarkIndex  scores',
  )
  for (const [name, m] of Object.entries(medians)) {
    console.log(
      `${name.padEnd(28)} ${String(m.score).padStart(5)} ${m.fcp.toFixed(0).padStart(8)} ${m.lcp
        .toFixed(0)
        .padStart(8)} ${m.tbt.toFixed(0).padStart(8)} ${(m.scriptBytes / 1024)
        .toFixed(1)
        .padStart(8)} (${m.scripts})${''.padStart(8)}${m.benchmarkIndex
        .toFixed(0)
        .padStart(8)}  ${figures[name]!.map((f) => f.score).join(' ')}`,
    )
  }
  if (!withReference) return
  console.log('\nratios, this build ÷ reference (medians; < 1 is less time or fewer bytes):')
  for (const page of pages) {
    const a = medians[`this build · ${page}`]
    const b = medians[`reference · ${page}`]
    if (!a || !b) continue
    const r = (k: keyof Medians) => (a[k] / b[k]).toFixed(2)
    console.log(
      `${page.padEnd(14)} FCP ×${r('fcp')}  LCP ×${r('lcp')}  TBT ×${r('tbt')}  JS ×${r('scriptBytes')}  score ${b.score} → ${a.score}`,
    )
  }
}
