import type { TestApp } from '../support/app'

/** The demo's operators every test app is seeded with (config.ts defaults). */
export const ADMIN = { login: 'admin', password: 'admin-demo-2026' }
export const REVIEWER = { login: 'reviewer', password: 'review-demo-2026' }

export interface OpsAnswer {
  http: number
  status?: number
  msg?: string
  data?: unknown
}

/** One /api/ops call with a bearer (an operator session's token or OPS_TOKEN). */
export async function opsAs(
  t: TestApp,
  bearer: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<OpsAnswer> {
  const res = await fetch(`${t.url}/api/ops${path}`, {
    method,
    headers: {
      ...headers,
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { http: res.status, ...((await res.json().catch(() => ({}))) as object) }
}

/** Logs an operator in through the console's call; the session's bearer token. */
export async function operatorLogin(
  t: TestApp,
  who: { login: string; password: string },
): Promise<string> {
  const res = await fetch(`${t.url}/api/ops/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  })
  const answer = (await res.json()) as { status: number; msg: string; data?: { token: string } }
  if (answer.status !== 1 || !answer.data) throw new Error(`operator login: ${answer.msg}`)
  return answer.data.token
}
