import { proxy } from 'valtio'
import type { OperatorFactorChallenge, OperatorSession } from '@kabu/shared/api/ops'

const TOKEN_KEY = 'kabu.ops.token'

/** The operator's session: kept for the tab only (sessionStorage), never beside a customer's. */
export const consoleSession = proxy<{ token: string | null; me: OperatorSession | null }>({
  token: sessionStorage.getItem(TOKEN_KEY),
  me: null,
})

/** A refusal of /api/ops: its message key (translated by the screens as `server.<msg>`). */
export class OpsRefusal extends Error {
  constructor(
    readonly msg: string,
    readonly http: number,
    /** What a refusal carries besides its key (the login's factor offer). */
    readonly data?: unknown,
  ) {
    super(msg)
  }
}

/**
 * One /api/ops call with the session's bearer token; the data of `{status:1}`, else an
 * `OpsRefusal`. A 401 ends the session (the login page shows again).
 */
export async function opsCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {}
  if (consoleSession.token) headers.authorization = `Bearer ${consoleSession.token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`/api/ops${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await res.json().catch(() => ({}))) as { status?: number; msg?: string; data?: T }
  if (res.status === 401 && path !== '/login') endSession()
  if (answer.status !== 1)
    throw new OpsRefusal(answer.msg ?? 'network_error', res.status, answer.data)
  return answer.data as T
}

/**
 * The login: the password, and a second factor once the operator holds one. Without the factor
 * the gateway refuses `second_factor_required` with an `OperatorFactorChallenge` in the refusal's
 * `data` (see `factorOffer`).
 */
export async function logIn(
  login: string,
  password: string,
  factor: { passkey?: string; totp?: string } = {},
): Promise<void> {
  const session = await opsCall<OperatorSession>('POST', '/login', { login, password, ...factor })
  if (!session.token) throw new OpsRefusal('network_error', 200)
  sessionStorage.setItem(TOKEN_KEY, session.token)
  consoleSession.token = session.token
  consoleSession.me = session
}

/** The factors a login asks for, when `error` is that request; else undefined. */
export const factorOffer = (error: unknown): OperatorFactorChallenge | undefined =>
  error instanceof OpsRefusal && error.msg === 'second_factor_required' && error.data
    ? (error.data as OperatorFactorChallenge)
    : undefined

/** Reads who the stored token belongs to (a reload keeps the session). */
export async function resume(): Promise<void> {
  if (!consoleSession.token) return
  consoleSession.me = await opsCall<OperatorSession>('GET', '/me').catch(() => null)
}

export async function logOut(): Promise<void> {
  await opsCall('POST', '/logout').catch(() => undefined)
  endSession()
}

function endSession() {
  sessionStorage.removeItem(TOKEN_KEY)
  consoleSession.token = null
  consoleSession.me = null
}

/** A document photo (KYC, voucher, support picture) as an object URL: an <img> cannot send the token. */
export async function photoUrl(uploadId: string): Promise<string> {
  const res = await fetch(`/api/ops/uploads/${encodeURIComponent(uploadId)}`, {
    headers: { authorization: `Bearer ${consoleSession.token ?? ''}` },
  })
  if (!res.ok) throw new OpsRefusal('not_found', res.status)
  return URL.createObjectURL(await res.blob())
}
