import { DAYTRADE_STATUS } from '@kabu/shared/api/daytrade'
import { formatUnits } from '@kabu/shared/money/decimal'
import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import type { UserEvents } from '../common/user-events'
import * as q from './daytrade.sql'
import type { ForcedFlat } from './flat'
import { nextClose } from './flat.sql'

export interface DaytradeJobDeps {
  db: Kysely<Database>
  clock: Clock
  flattenDue: ForcedFlat
  userEvents: UserEvents
  everyMs: number
  onError: (error: unknown) => void
}

/**
 * What the clock makes happen to participations, a pass every `everyMs`: applied ones start trading
 * when their day opens, and every one whose close has come is closed and settled (flat.ts). The
 * users hear `daytrade:settled` after the commit. Started and stopped with the app, like the matcher.
 */
export function createDaytradeJobs(deps: DaytradeJobDeps) {
  const { db, clock } = deps
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<void> | null = null
  let atClose: ReturnType<typeof setTimeout> | undefined

  async function pass(): Promise<void> {
    await q.startTrading(db, clock.now())
    const settled = await deps.flattenDue()
    for (const s of settled) {
      deps.userEvents.emit(s.userId, {
        type: 'daytrade:settled',
        id: String(s.id),
        status: DAYTRADE_STATUS.traded,
        returned: formatUnits(s.returned),
      })
    }
    // A close due before the next tick gets a pass of its own at that very moment, so the forced
    // flat starts at the close rather than up to a period after it.
    const next = await nextClose(db)
    const wait = next === undefined ? undefined : next - clock.now()
    if (timer && atClose === undefined && wait !== undefined && wait >= 0 && wait < deps.everyMs) {
      atClose = setTimeout(() => {
        atClose = undefined
        void runOnce().catch(deps.onError)
      }, wait)
      atClose.unref()
    }
  }

  /** A pass unless one is running (the timer). */
  function tick(): Promise<void> {
    running ??= pass().finally(() => (running = null))
    return running
  }

  /** A pass that starts now, after any running one (tests, the load script): never overlapping. */
  async function runOnce(): Promise<void> {
    while (running) await running.catch(() => undefined)
    return tick()
  }

  return {
    runOnce,
    start() {
      if (timer) return
      timer = setInterval(() => void tick().catch(deps.onError), deps.everyMs)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      if (atClose) clearTimeout(atClose)
      timer = undefined
      atClose = undefined
      await running?.catch(() => undefined)
    },
  }
}
