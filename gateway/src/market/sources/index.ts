import type { Market } from '@kabu/shared/market/types'
import type { Logger } from 'pino'
import type { Clock } from '../../clock'
import type { QuoteSourceSettings } from './settings'
import { createPollSource } from './poll-source'
import { createReplaySource } from './replay-source'
import type { RealQuoteSource } from './types'

export type { KeptDay, QuoteSource, RealQuoteSource } from './types'
export type { QuoteSourceSettings } from './settings'
export { simulatorSource } from './simulator-source'

/** The real source QUOTE_SOURCE names, or null for the simulator alone. */
export function createRealSource(
  settings: QuoteSourceSettings,
  deps: { clock: Clock; logger: Logger; trading: (market: Market) => boolean },
): RealQuoteSource | null {
  if (settings.kind === 'poll') return createPollSource(settings, deps)
  if (settings.kind === 'replay') return createReplaySource(settings, deps)
  return null
}
