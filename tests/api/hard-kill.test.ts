import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { SQLITE_FILE } from '../../gateway/src/store/sqlite'
import { spawnGateway, type GatewayProcess } from '../support/gateway-process'

/**
 * Issue 17's audit killed the gateway with SIGKILL ten times under load and lost no command it had
 * acknowledged. The same here, on the embedded default (SQLite in DATA_DIR): clients send money
 * commands without pause (currency exchanges, both ways: a ledger transaction and a business row
 * each, at any hour, unlike deposits and withdrawals, which keep bank hours), the gateway process
 * is killed -9 at a random moment, started again on the same data, and so on. Then:
 * - every command answered `status:1` is in the store, its idempotency record holding the very
 *   answer the client got (nothing acknowledged was lost or changed);
 * - every command whose answer the kill swallowed, sent again with its key, is answered, and each
 *   key did its work once (one exchange row per key);
 * - the ledger check is ok.
 */
const KILLS = 5
const CLIENTS = 6
const OPS_TOKEN = 'hard-kill-test-ops-token'
const DEMO = { account: 'demo0001', password: 'demo-pass-2026' }

const dataDir = mkdtempSync(path.join(tmpdir(), 'kabu-kill-'))
const env = {
  DATA_DIR: dataDir,
  SEED: '1',
  MARKET_HOURS: 'always',
  OPS_TOKEN,
  LOG_LEVEL: 'error',
}
let gateway: GatewayProcess | undefined

afterAll(async () => {
  await gateway?.kill9()
  rmSync(dataDir, { recursive: true, force: true })
})

interface Command {
  path: '/user/exchange'
  scope: 'exchange'
  form: Record<string, string>
}

interface Answer {
  status: number
  msg?: string
  data?: unknown
}

const exchange = (): Command => ({
  path: '/user/exchange',
  scope: 'exchange',
  form: { from: 'JPY', to: 'USD', money: '1000', idem: randomUUID() },
})
const exchangeBack = (): Command => ({
  path: '/user/exchange',
  scope: 'exchange',
  form: { from: 'USD', to: 'JPY', money: '5', idem: randomUUID() },
})

async function post(url: string, command: Command, session: Record<string, string>) {
  const res = await fetch(`${url}/api/vue${command.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...session },
    body: new URLSearchParams(command.form),
  })
  return (await res.json()) as Answer
}

async function logIn(url: string): Promise<Record<string, string>> {
  const answer = (await (
    await fetch(`${url}/api/vue/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(DEMO),
    })
  ).json()) as { status: number; data: { token: string; account: string } }
  expect(answer.status).toBe(1)
  return { token: answer.data.token, account: answer.data.account }
}

describe('kill -9 under load', () => {
  it('loses no acknowledged command, runs none twice, and keeps the ledger balanced', async () => {
    const acknowledged: Array<{ command: Command; answer: Answer }> = []
    const unanswered: Command[] = []
    const refused = new Map<string, number>()

    for (let round = 0; round < KILLS; round++) {
      gateway = await spawnGateway(env)
      const url = gateway.url
      const session = await logIn(url)
      let killed = false
      const client = async (n: number) => {
        for (let i = 0; !killed; i++) {
          const command = (n + i) % 2 === 0 ? exchangeBack() : exchange()
          try {
            const answer = await post(url, command, session)
            if (answer.status === 1) acknowledged.push({ command, answer })
            else
              refused.set(
                `${command.path} ${answer.msg}`,
                (refused.get(`${command.path} ${answer.msg}`) ?? 0) + 1,
              )
          } catch {
            // The connection died with the process: whether it ran is for the store to say.
            unanswered.push(command)
          }
        }
      }
      const clients = Array.from({ length: CLIENTS }, (_, n) => client(n))
      // A random moment once the commands are flowing.
      await new Promise((resolve) => setTimeout(resolve, 400 + Math.random() * 1_200))
      killed = true
      await gateway.kill9()
      await Promise.all(clients)
    }

    // Once more, and each swallowed command sent again with its key: an answer, the first if any.
    gateway = await spawnGateway(env)
    const session = await logIn(gateway.url)
    for (const command of unanswered) {
      const answer = await post(gateway.url, command, session)
      if (answer.status === 1) acknowledged.push({ command, answer })
      else expect(answer.msg, JSON.stringify(command)).toBeTypeOf('string')
    }
    const check = (await (
      await fetch(`${gateway.url}/api/ops/ledger/check`, {
        headers: { authorization: `Bearer ${OPS_TOKEN}` },
      })
    ).json()) as { status: number; data: { ok: boolean; violations: unknown[] } }
    await gateway.stop()

    const db = new Database(path.join(dataDir, SQLITE_FILE), { readonly: true })
    try {
      const stored = new Map<string, string | null>()
      for (const row of db
        .prepare('SELECT scope, idem, result FROM idempotency_keys')
        .all() as Array<{ scope: string; idem: string; result: string | null }>)
        stored.set(`${row.scope} ${row.idem}`, row.result)
      for (const { command, answer } of acknowledged) {
        const result = stored.get(`${command.scope} ${command.form.idem}`)
        expect(result, `${command.path} ${command.form.idem} acknowledged, not stored`).toBeTruthy()
        expect(JSON.parse(result!)).toEqual(answer.data)
      }
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n
      expect(count('SELECT count(*) AS n FROM exchanges')).toBe(
        count(`SELECT count(*) AS n FROM idempotency_keys WHERE scope = 'exchange'`),
      )
    } finally {
      db.close()
    }
    expect(check.data).toMatchObject({ ok: true, violations: [] })
    expect(acknowledged.length).toBeGreaterThan(KILLS * 10)
    console.info(
      `hard kill: ${KILLS} kills -9 under ${CLIENTS} clients, ${acknowledged.length} commands ` +
        `acknowledged (all stored with their answer), ${unanswered.length} cut off by a kill and ` +
        `sent again; refused: ${JSON.stringify([...refused])}; ledger check ok`,
    )
  }, 240_000)
})
