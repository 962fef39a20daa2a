import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { BalanceReader } from '../broker/auth/balances'
import type { LiveSockets } from '../broker/auth/service'
import type { SessionCache } from '../broker/auth/session-cache'
import type { UserEvents } from '../broker/common/user-events'
import type { Clock } from '../clock'
import type { Config } from '../config'
import type { MarketService } from '../market/index'
import type { Database } from '../store/index'

/**
 * What createBroker is built from; apart so that the parts it wires (holders.ts, market-lines.ts)
 * can name it.
 */
export interface BrokerDeps {
  db: Kysely<Database>
  clock: Clock
  config: Config
  quotesSimulated: () => boolean
  /** Overrides the ledger's wallet reader of getUserinfo (tests). */
  balances?: BalanceReader
  /** The `/user` socket hub: areas push a user's own events through it, after their commit. */
  userEvents: UserEvents
  /** Quotes for orders and holdings (trading). */
  market: MarketService
  /** Where the matcher and the auto review report what failed. */
  logger: Logger
  /** Live sessions kept between calls (see SessionCache). */
  sessions?: SessionCache
  /** Closes the `/user` sockets of sessions that end (logout, new password). */
  liveSockets?: LiveSockets
  /** A PEM certificate push connections trust beside the public roots (tests' push service). */
  pushExtraCa?: string
  /** Told of each ledger transaction written, by kind (the metrics). */
  ledgerPosted?: (kind: string) => void
}
