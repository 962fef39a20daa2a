import type { ReviewKind } from '@kabu/shared/api/ops'
import { isBankBusinessDay } from '@kabu/shared/market/business-day'
import { localDate } from '@kabu/shared/market/time-zone'

/** The back office as an operator's tool drives it in a journey: real HTTP, the bearer token. */
export interface OpsTarget {
  url: string
  config: { opsToken: string }
}

interface Envelope {
  status?: number
  msg?: string
  data?: unknown
}

export async function opsCall(
  gateway: OpsTarget,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${gateway.url}/api/ops${path}`, {
    method,
    headers: {
      authorization: `Bearer ${gateway.config.opsToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await res.json().catch(() => ({}))) as Envelope
  if (res.status !== 200 || answer.status !== 1) {
    throw new Error(`ops ${method} ${path} answered HTTP ${res.status} ${answer.msg ?? ''}`)
  }
  return answer.data
}

/**
 * Approves the one pending request of `kind` from `account`, waiting for it to reach the queue
 * (the screen may still be sending it); its id.
 */
export async function approvePending(
  gateway: OpsTarget,
  kind: ReviewKind,
  account: string,
  timeoutMs = 10_000,
): Promise<string> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const rows = (await opsCall(gateway, 'GET', `/reviews?kind=${kind}&status=pending`)) as Array<{
      id: string
      account: string
    }>
    const mine = rows.filter((r) => r.account === account)
    if (mine.length > 1) throw new Error(`${mine.length} pending ${kind} requests of ${account}`)
    if (mine[0]) {
      await opsCall(gateway, 'POST', `/reviews/${kind}/${mine[0].id}/approve`)
      return mine[0].id
    }
    if (Date.now() > until) throw new Error(`no pending ${kind} request of ${account}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * 10:00 in Tokyo on the first Japanese bank business day after `after`: inside both the deposit
 * and the withdrawal windows whatever day the journey runs on.
 */
export function nextBankMorning(after: number): { at: string; date: string } {
  for (let day = 1; day <= 14; day++) {
    const date = localDate('jp', after + day * 86_400_000)
    if (isBankBusinessDay(date)) return { at: `${date}T10:00:00+09:00`, date }
  }
  throw new Error('no bank business day within two weeks')
}

/** Moves the gateway's clock (TIME_TRAVEL=1 only); the clock then runs on from there. */
export async function setClock(gateway: OpsTarget, at: string): Promise<string> {
  const reading = (await opsCall(gateway, 'POST', '/clock', { at })) as { now: string }
  return reading.now
}
