import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createApp } from '../../gateway/src/app'
import { loadConfig } from '../../gateway/src/config'

/**
 * A real gateway on its embedded defaults (SQLite in a temp dir, simulator), on a free port;
 * `beforeStart` may rewire the app first (tests/support/quote-feed.ts takes over its quotes).
 */
export async function startGateway(
  env: Record<string, string> = {},
  beforeStart?: (app: ReturnType<typeof createApp>) => void,
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kabu-e2e-'))
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: '1',
    MARKET_HOURS: 'always',
    LOG_LEVEL: 'warn',
    ...env,
  })
  const app = createApp(config)
  beforeStart?.(app)
  const { port } = await app.start()
  return {
    config,
    /** The app itself, for a journey that plays a part of the world a phone cannot (a market fall). */
    app,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await app.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
