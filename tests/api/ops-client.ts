import type { SessionGrant } from '@kabu/shared/api/user'
import { DEMO, type TestApp } from '../support/app'
import { brokerData } from '../support/broker'

/** The operator token every ops test app is started with. */
export const OPS_TOKEN = 'test-ops-token-0123456789'

export interface OpsAnswer {
  http: number
  status: number | undefined
  msg: string | undefined
  data: unknown
}

/** One /api/ops call over real HTTP, JSON in and out, as an operator's tool makes it. */
export async function ops(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token: string | null = OPS_TOKEN,
): Promise<OpsAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token !== null) headers.authorization = `Bearer ${token}`
  const res = await fetch(`${base}/api/ops${path}`, {
    method,
    headers,
    body: body === undefined || method === 'GET' ? undefined : JSON.stringify(body),
  })
  const json = (await res.json().catch(() => ({}))) as {
    status?: number
    msg?: string
    data?: unknown
  }
  return { http: res.status, status: json.status, msg: json.msg, data: json.data }
}

/** A new user registered under the demo invite, logged in. */
export function newUser(
  t: TestApp,
  account: string,
  password = 'pass-word-1',
): Promise<SessionGrant> {
  return brokerData<SessionGrant>(t.url, '/user/register', {
    account,
    password,
    password2: password,
    invite: DEMO.invite,
    agree: '1',
  })
}

/** The database id of an account, for asserting on rows. */
export async function userIdOf(t: TestApp, account: string): Promise<bigint> {
  const row = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow()
  return row.id
}
