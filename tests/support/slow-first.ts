import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** tests/slow-files.json: seconds a file took in a full run, for the files that take longest. */
export const SLOW_FILES = path.resolve(import.meta.dirname, '../slow-files.json')

export function slowFiles(): Record<string, number> {
  return JSON.parse(readFileSync(SLOW_FILES, 'utf8')) as Record<string, number>
}

/**
 * Starts the longest files first, so that the workers of a project end together. vitest orders by
 * the durations it cached on this machine, and without them (a clean clone, CI) by file size: a
 * short file that builds the whole market or kills gateways for a minute then started last, and
 * one worker ran it alone while the other had finished. The seconds come from a run's report
 * (`node scripts/slow-files.mjs <report.json>…`); a file not listed keeps vitest's order after them.
 */
export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files)
    const seconds = slowFiles()
    const root = this.ctx.config.root
    const weight = (file: TestSpecification) =>
      seconds[path.relative(root, file.moduleId).split(path.sep).join('/')] ?? 0
    const at = new Map(ordered.map((file, index) => [file, index]))
    const index = (file: TestSpecification) => at.get(file) ?? 0
    // vitest's order keeps each project's files together; only within a project is it changed.
    return ordered.toSorted((a, b) =>
      a.project === b.project ? weight(b) - weight(a) || index(a) - index(b) : index(a) - index(b),
    )
  }
}
