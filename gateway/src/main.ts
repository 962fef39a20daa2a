import { createApp } from './app'
import { createUpstreamGateway } from './composition/upstream-gateway'
import { loadConfig, type Config } from './config'
import { writeAfterLogged } from './logger'
import { DEMO_OPERATOR_LOGINS } from './ops/operators/demo'

/**
 * `npm start` (this file compiled to gateway/dist/main.js) and `npm run dev`: read the settings,
 * build the app, start it, say where it is, and stop it cleanly on SIGINT/SIGTERM (Docker and
 * Ctrl-C), so the SQLite file is closed properly.
 */
async function main(): Promise<void> {
  const config = loadConfig()
  // Upstream broker mode: /api/vue is forwarded, only the market is this gateway's own.
  const full = config.brokerUpstream ? undefined : createApp(config)
  const app = full ?? createUpstreamGateway(config)
  const store = full && `${full.store.kind} (${full.store.location})`

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    app.logger.info({ signal }, 'stopping')
    app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        app.logger.error({ err: error }, 'stop failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))

  try {
    const { port } = await app.start()
    writeAfterLogged(app.logger, banner(config, port, store))
  } catch (error) {
    app.logger.fatal({ err: error }, 'could not start')
    await app.stop().catch(() => undefined)
    process.exit(1)
  }
}

/** What `npm start` shows last: where the gateway is, and the demo's logins. */
function banner(config: Config, port: number, store: string | undefined): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  // The upstream's origin only: a URL's user and password never reach the terminal.
  const upstream = config.brokerUpstream && new URL(config.brokerUpstream.url).origin
  const lines = [
    '',
    `  kabu gateway  http://${host}:${port}`,
    store
      ? `  store         ${store}`
      : `  broker        upstream ${upstream} (/api/vue forwarded)`,
    `  quotes        ${['simulator', ...config.quoteSources.map((source) => source.kind)].join(', ')}, market hours ${config.marketHours}, seed ${config.seed}`,
  ]
  if (config.demo && store) {
    lines.push(
      `  DEMO login    account ${config.demoAccount}  password ${config.demoPassword}`,
      `  fund password ${config.demoFundPassword}  (the demo account's, for money commands)`,
      `  invite code   ${config.demoInvite.toUpperCase()}  (give it to a newcomer to register)`,
      `  OPS_TOKEN     ${config.opsToken}`,
      `  back office   http://${host}:${port}/ops/`,
      `    admin       login ${DEMO_OPERATOR_LOGINS.admin}  password ${config.demoOperators.admin}`,
      `    reviewer    login ${DEMO_OPERATOR_LOGINS.reviewer}  password ${config.demoOperators.reviewer}`,
    )
  }
  lines.push('')
  return `${lines.join('\n')}\n`
}

void main()
