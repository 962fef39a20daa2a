import type { ConfigEntry } from '@kabu/shared/api/common'
import type { SessionGrant } from '@kabu/shared/api/user'
import { brokerApi, session, type BrokerAnswer, type Form } from '../support/broker'

/**
 * The gateway under test, as QA's kit sees it: its `/api/vue` over HTTP and, when given a token,
 * its back office (`/api/ops`, possibly on another origin: a forwarding gateway in upstream mode has
 * none of its own). Nothing here reaches a process or a database.
 */

/** A refusal the gateway gives when asked again later: waited out within bounds, then reported. */
const TRANSIENT = new Set(['too_frequent', 'fund_operation_in_progress'])
/** Refusals of a time window: no wait within a run helps (the kit moves the clock only when told). */
export const WINDOW_REFUSALS = new Set([
  'deposit_window_closed',
  'withdraw_window_closed',
  'outside_trading_time',
  'not_subscription_time',
  'block_trade_closed',
])
/** The longest the kit waits out one call's transient refusals, in all. */
const RETRY_BUDGET_MS = 30_000

/** A retry the kit made, kept for the report. */
export interface Retry {
  call: string
  msg: string
  attempts: number
  held: boolean
}

/** A refusal the model did not ask for: `msg` is the key, as the client would throw it. */
export class Refused extends Error {
  constructor(
    readonly call: string,
    readonly msg: string,
    readonly http: number,
  ) {
    super(`${call} refused: ${msg} (HTTP ${http})`)
  }
}

export interface TargetOptions {
  url: string
  opsUrl?: string
  opsToken?: string
}

export class Target {
  readonly url: string
  readonly opsUrl: string
  readonly opsToken: string | undefined
  readonly retries: Retry[] = []
  private configEntries: ConfigEntry[] | undefined

  constructor(options: TargetOptions) {
    this.url = options.url.replace(/\/+$/, '')
    this.opsUrl = (options.opsUrl ?? options.url).replace(/\/+$/, '')
    this.opsToken = options.opsToken
  }

  /** POSTs to `/api/vue<path>`; transient refusals are asked again with a growing wait. */
  async vue(path: string, form: Form = {}, grant?: SessionGrant): Promise<BrokerAnswer> {
    const headers = grant ? session(grant) : {}
    const started = Date.now()
    for (let attempt = 1; ; attempt++) {
      const answer = await brokerApi(this.url, path, form, headers)
      const msg = answer.msg ?? ''
      const transient = answer.http === 429 || (answer.status !== 1 && TRANSIENT.has(msg))
      if (!transient || Date.now() - started > RETRY_BUDGET_MS) {
        if (attempt > 1)
          this.retries.push({
            call: path,
            msg: msg || 'HTTP 429',
            attempts: attempt,
            held: !transient,
          })
        return answer
      }
      const after = Number(answer.headers.get('retry-after'))
      const wait = Number.isFinite(after) && after > 0 ? after * 1000 : 250 * 2 ** attempt
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 8_000)))
    }
  }

  /** The `data` of an accepted call; a refusal throws `{msg}` as the app's client does. */
  async data<T>(path: string, form: Form = {}, grant?: SessionGrant): Promise<T> {
    const answer = await this.vue(path, form, grant)
    if (answer.http !== 200 || answer.status !== 1)
      throw new Refused(path, answer.msg ?? `http_${answer.http}`, answer.http)
    return answer.data as T
  }

  /** `/common/config` as a name → value map (read once). */
  async config(): Promise<Map<string, string>> {
    this.configEntries ??= await this.data<ConfigEntry[]>('/common/config')
    return new Map(this.configEntries.map((e) => [e.name, e.value]))
  }

  /** A call of the back office; throws when the kit has no token or the call is refused. */
  async ops<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    if (!this.opsToken) throw new Error('no --ops-token: the back office is out of reach')
    const res = await fetch(`${this.opsUrl}/api/ops${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.opsToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await res.json().catch(() => ({}))) as { status?: number; msg?: string; data?: T }
    if (res.status !== 200 || json.status !== 1)
      throw new Refused(`ops ${method} ${path}`, json.msg ?? `http_${res.status}`, res.status)
    return json.data as T
  }

  /** Whether the back office answers the token at all (a reading that changes nothing). */
  async opsReachable(): Promise<boolean> {
    if (!this.opsToken) return false
    return this.ops('GET', '/clock').then(
      () => true,
      () => false,
    )
  }
}
