import type { Listing, Market } from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import type { Clock } from '../../clock'
import { alpacaFeed } from './alpaca/alpaca-feed'
import type { QuoteDemand } from './demand'
import { kabuStationFeed } from './kabustation/kabu-feed'
import type { QuoteSourceSettings } from './settings'
import { createPollSource } from './poll-source'
import { createReplaySource } from './replay-source'
import { createStreamSource } from './stream-source'
import type { RealQuoteSource } from './types'

export type { FeedBook, KeptDay, QuoteSource, RealQuoteSource } from './types'
export type { QuoteSourceSettings } from './settings'
export type { BrokerCodes, WantedByBroker } from './demand'
export { QuoteDemand } from './demand'
export { RealSources } from './source-set'
export { simulatorSource } from './simulator-source'

export interface RealSourceDeps {
  clock: Clock
  logger: Logger
  trading: (market: Market) => boolean
  /** What the streaming feeds carry. */
  demand: QuoteDemand
  listing: (code: string) => Listing | undefined
}

/** The real source one entry of QUOTE_SOURCE names. */
export function createRealSource(
  settings: QuoteSourceSettings,
  deps: RealSourceDeps,
): RealQuoteSource {
  const logger = deps.logger.child({ source: settings.kind })
  const own = { ...deps, logger }
  switch (settings.kind) {
    case 'poll':
      return createPollSource(settings, own)
    case 'replay':
      return createReplaySource(settings, own)
    case 'kabustation':
      return createStreamSource(kabuStationFeed(settings), settings, own)
    case 'alpaca':
      return createStreamSource(alpacaFeed(settings), settings, own)
  }
}
