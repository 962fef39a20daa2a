import type { Kysely } from 'kysely'
import type { Clock } from '../../clock'
import type { Database } from '../../store/index'
import type { UserEvents } from '../common/user-events'
import type { Ledger } from '../ledger/index'
import { seedDemoProducts } from './demo'
import { settleDue } from './settle'
import { periodicJob } from '../common/periodic-job'

export interface ProductJobDeps {
  db: Kysely<Database>
  clock: Clock
  ledger: Ledger
  /** The demo writes its simulated products (each 30-day period's, once). */
  demo: boolean
  /** Where a holder hears that the clock paid a day or returned an order. */
  userEvents: UserEvents
  everyMs: number
  onError: (error: unknown) => void
}

/**
 * What the clock makes happen to follow products, one pass at a time: each open order is paid the
 * days that came due (settle.ts), orders at their deadline return, and the demo's products of the
 * period appear. Started and stopped with the app, like the IPO job; a re-run or a second gateway
 * never pays a day twice (the (order, day) key).
 */
export function createProductJobs(deps: ProductJobDeps) {
  const { db, clock, ledger } = deps

  async function pass(): Promise<void> {
    const now = clock.now()
    if (deps.demo) await seedDemoProducts(db, ledger, now)
    await settleDue(db, ledger, now, (order, status) =>
      deps.userEvents.emit(order.user_id, {
        type: 'product:updated',
        id: String(order.id),
        status,
      }),
    )
  }

  return periodicJob(pass, { ...deps, runAtStart: true })
}

export type ProductJobs = ReturnType<typeof createProductJobs>
