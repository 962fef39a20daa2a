import { Router } from 'express'
import type { Kysely } from 'kysely'
import { ok } from '@kabu/shared/api/envelope'
import { clockBody } from '@kabu/shared/api/ops'
import { Refusal, audit } from '../broker/index'
import type { AdjustableClock } from '../clock'
import type { Database } from '../store/index'

const reading = (clock: AdjustableClock, timeTravel: boolean) => ({
  now: new Date(clock.now()).toISOString(),
  offset_ms: clock.offset(),
  time_travel: timeTravel,
})

/**
 * `GET /api/ops/clock` reads the gateway's clock; `POST` moves it, only with TIME_TRAVEL=1 (the demo
 * and tests): in production a moved clock would reopen closed windows and misdate the ledger. A
 * move is audited like any other operator action. The answer comes once the market has played up
 * to the new time (`followClock`), so an order sent after it fills at the new time's prices.
 */
export function clockRoutes(
  db: Kysely<Database>,
  clock: AdjustableClock,
  timeTravel: boolean,
  followClock: () => void,
) {
  const router = Router()
  router.get('/clock', (_req, res) => void res.json(ok(reading(clock, timeTravel))))
  router.post('/clock', async (req, res) => {
    if (!timeTravel) throw new Refusal('not_found')
    const { at } = clockBody.parse(req.body ?? {})
    const before = reading(clock, timeTravel)
    const previousOffset = clock.offset()
    clock.set(Date.parse(at))
    const after = reading(clock, timeTravel)
    try {
      const operator = res.locals.operator as string
      await audit(
        db,
        { operator, action: 'clock.set', target: 'clock', before, after },
        clock.now(),
      )
    } catch (error) {
      // No audit row, no move: put the clock back where it was.
      clock.set(clock.now() - clock.offset() + previousOffset)
      throw error
    }
    followClock()
    res.json(ok(after))
  })
  return router
}
