/**
 * fanout.ts --setups=hub,proxy: the feed behind the `proxy` setup, in a process of its own so its
 * CPU is neither the gateway's nor the phones'. The synthetic market's ticks become trades of the
 * local kabu STATION (gateway/src/market/sources/kabustation/kabu-station.fixture.ts), which pushes
 * each registered code's board over its PUSH WebSocket; its times carry milliseconds (the
 * fixture's `millisecondTimes`), so a phone times each tick from its creation here.
 */
import { startKabuStationFixture } from '../../../gateway/src/market/sources/kabustation/kabu-station.fixture'
import type { FromServer, ToServer } from './messages'
import { SyntheticMarket } from './synthetic-market'

const fixture = await startKabuStationFixture({
  password: 'bench',
  // What registers is what 2,000 phones watch: the benchmark measures the proxy, not the 50 cap.
  limit: 100_000,
  millisecondTimes: true,
})
const market = new SyntheticMarket()
market.service().onQuotes((quotes) => {
  for (const quote of quotes) fixture.trade(quote.code, quote.price, 100, quote.time)
})
process.send!({ type: 'listening', port: fixture.port } satisfies FromServer)

process.on('message', (message: ToServer) => {
  if (message.type === 'rate') market.setRate(message.ticksPerSecond)
  else if (message.type === 'stop') {
    market.stop()
    void fixture.close().then(() => process.exit(0))
  }
})
