import { performance } from 'node:perf_hooks'
import { median } from './median'

/** How long a run took: wall time, and this process's CPU time (both ms). */
export interface Timed {
  wall: number
  cpu: number
}

/** Times `run` in wall and CPU ms. */
export async function timed(run: () => Promise<unknown>): Promise<Timed> {
  const t = performance.now()
  const cpu = process.cpuUsage()
  await run()
  const used = process.cpuUsage(cpu)
  return { wall: performance.now() - t, cpu: (used.user + used.system) / 1000 }
}

/** The median of five runs of `run`, wall and CPU apart: a benchmark's reference in the same run. */
export async function referenceOf(run: () => Promise<unknown>): Promise<Timed> {
  const runs: Timed[] = []
  for (let i = 0; i < 5; i++) runs.push(await timed(run))
  return { wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)) }
}

/**
 * A figure's line against the reference: seconds and the ratio, and on SQLite (where the store
 * works in this process) the CPU time and its ratio too.
 */
export function againstReference(label: string, ref: Timed) {
  const inProcess = label === 'SQLite'
  return {
    line: (name: string, r: Timed) =>
      `  ${name} ${(r.wall / 1000).toFixed(2)} s (${(r.wall / ref.wall).toFixed(1)}× the reference)` +
      (inProcess ? `, CPU ${(r.cpu / 1000).toFixed(2)} s (${(r.cpu / ref.cpu).toFixed(1)}×)` : ''),
    reference: (what: string) =>
      `  reference (${what}, median of 5) ${ref.wall.toFixed(0)} ms` +
      (inProcess ? `, CPU ${ref.cpu.toFixed(0)} ms` : ''),
  }
}

/** `measure` on SQLite and then, when TEST_DATABASE_URL is set, on PostgreSQL (freshDatabase's pick). */
export async function onEachStore(measure: (label: string) => Promise<void>): Promise<void> {
  const postgresUrl = process.env.TEST_DATABASE_URL
  delete process.env.TEST_DATABASE_URL
  await measure('SQLite')
  if (postgresUrl) {
    process.env.TEST_DATABASE_URL = postgresUrl
    await measure('PostgreSQL')
  }
}
