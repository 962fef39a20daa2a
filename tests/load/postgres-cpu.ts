import { readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = 100 // USER_HZ on Linux

/** A process's /proc stat: its command name and the fields after it ("state" first). */
function procStat(pid: string): { comm: string; fields: string[] } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const close = stat.lastIndexOf(')')
  return {
    comm: stat.slice(stat.indexOf('(') + 1, close),
    fields: stat.slice(close + 2).split(' '),
  }
}

// utime, stime, cutime and cstime are fields 14 to 17 of stat, i.e. 11 to 14 after "state".
const ownTicks = (fields: string[]) => Number(fields[11]) + Number(fields[12])
const endedChildrenTicks = (fields: string[]) => Number(fields[13]) + Number(fields[14])

/**
 * CPU seconds used so far by every local `postgres` process and the backends that ended (Linux
 * /proc; 0 elsewhere). An ended backend's CPU moves to the postmaster's cutime and cstime when it
 * is reaped, so a run whose connections churn (pgbench's) is counted whole.
 */
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
      const { comm, fields } = procStat(pid)
      if (comm === 'postgres') ticks += ownTicks(fields) + endedChildrenTicks(fields)
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / TICKS_PER_SECOND
}

/** CPU seconds of this process's children that have ended and been waited for (Linux; 0 elsewhere). */
export function endedChildrenCpuSeconds(): number {
  try {
    return endedChildrenTicks(procStat('self').fields) / TICKS_PER_SECOND
  } catch {
    return 0
  }
}

/**
 * How much CPU the local PostgreSQL server spends during a run: on a shared machine it tells the
 * database's share of the cores from the gateway's. The function it returns answers the seconds
 * used since, and their % of one core.
 */
export function postgresCpu() {
  const before = postgresCpuSeconds()
  const started = performance.now()
  return () => {
    const seconds = postgresCpuSeconds() - before
    return { seconds, percent: (seconds / ((performance.now() - started) / 1000)) * 100 }
  }
}
