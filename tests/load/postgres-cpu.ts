import { readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = 100 // USER_HZ on Linux

/** CPU seconds used so far by every local `postgres` process (Linux /proc; 0 elsewhere). */
function postgresCpuSeconds(): number {
  let ticks = 0
  let pids: string[] = []
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return 0
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const close = stat.lastIndexOf(')')
      const comm = stat.slice(stat.indexOf('(') + 1, close)
      if (comm !== 'postgres') continue
      const fields = stat.slice(close + 2).split(' ')
      // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after "state".
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / TICKS_PER_SECOND
}

/**
 * How much CPU the local PostgreSQL server spends during a run, as % of one core: on a shared
 * machine it tells the database's share of the cores from the gateway's. Backends that end during
 * the run take their CPU with them, so it reads low when connections churn (ours are pooled).
 */
export function postgresCpu() {
  const before = postgresCpuSeconds()
  const started = performance.now()
  return () => ((postgresCpuSeconds() - before) / ((performance.now() - started) / 1000)) * 100
}
