/**
 * The local kabu STATION and Alpaca stream (gateway/src/market/sources/*\/*.fixture.ts, written from
 * each feed's published formats), playing a random walk on whatever the gateway subscribes, so a
 * newcomer can watch the streaming proxy work without an account (docs/real-quotes.md):
 *
 *   npm run feeds:local & QUOTE_SOURCE=kabustation:http://127.0.0.1:18081/kabusapi,alpaca:ws://127.0.0.1:18082/v2/iex \
 *     KABUSTATION_API_PASSWORD=local ALPACA_KEY_ID=local ALPACA_SECRET_KEY=local npm start
 *
 * Ports: KABU_PORT (18081, kabu STATION's own test port) and ALPACA_PORT (18082). Ctrl-C stops it.
 */
import { startAlpacaFixture } from '../gateway/src/market/sources/alpaca/alpaca-stream.fixture'
import { startKabuStationFixture } from '../gateway/src/market/sources/kabustation/kabu-station.fixture'

const kabu = await startKabuStationFixture({
  port: Number(process.env.KABU_PORT ?? 18081),
  password: 'local',
  playEveryMs: 1_000,
})
const alpaca = await startAlpacaFixture({
  port: Number(process.env.ALPACA_PORT ?? 18082),
  key: 'local',
  secret: 'local',
  playEveryMs: 1_000,
})
console.log(`local kabu STATION: ${kabu.url} (password "local")`)
console.log(`local Alpaca stream: ${alpaca.url} (key and secret "local")`)
const report = setInterval(() => {
  console.log(
    `registered ${kabu.registered().length} codes, subscribed ${alpaca.subscribed().length} symbols`,
  )
}, 10_000)
process.on('SIGINT', () => {
  clearInterval(report)
  void Promise.all([kabu.close(), alpaca.close()]).then(() => process.exit(0))
})
