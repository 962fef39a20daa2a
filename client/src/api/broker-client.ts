import { encodeForm, brokerUrl, type FormParams } from './form'
import { interpretResponse } from './interpret'
import { BrokerRefusal } from './refusal'
import { createRequestCounter } from './request-counter'

/** How long a refusal toast stays (spec §9). */
export const TOAST_MS = 2000

/** Everything the client touches outside itself, injected so tests run it without a browser. */
export interface BrokerClientDeps {
  fetch: typeof fetch
  baseUrl: string
  /** Read at every call: logging in or out elsewhere takes effect on the next request. */
  credentials: () => { token: string | null; account: string | null }
  translate: (msg: string) => string
  toast: (text: string, durationMs: number) => void
  dismissToasts: () => void
  setBusy: (busy: boolean) => void
  /** HTTP 401: the session owner clears it and goes to login after its delay. */
  onUnauthorized: () => void
}

export function createBrokerClient(deps: BrokerClientDeps) {
  const counter = createRequestCounter(deps.setBusy)

  async function request(path: string, params?: FormParams): Promise<Response> {
    const { token, account } = deps.credentials()
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' }
    if (token) headers.token = token
    if (account) headers.account = account
    return deps.fetch(brokerUrl(deps.baseUrl, path), {
      method: 'POST',
      headers,
      body: encodeForm(params),
    })
  }

  async function send(
    path: string,
    params?: FormParams,
  ): Promise<{ status: number; body: unknown }> {
    const res = await request(path, params)
    // A proxy's HTML error page is not an envelope; the status alone then decides.
    const body: unknown = await res.json().catch(() => undefined)
    return { status: res.status, body }
  }

  async function post<T>(path: string, params?: FormParams): Promise<T> {
    return call<T>(() => send(path, params))
  }

  /**
   * A call answered with a file (the ledger export): the file as a Blob when the server sends one
   * (any type but JSON), else the envelope's refusal, toasted and thrown as `post` does.
   */
  async function download(path: string, params?: FormParams): Promise<Blob> {
    return call<Blob>(async () => {
      const res = await request(path, params)
      const type = res.headers.get('content-type') ?? ''
      if (res.ok && !type.startsWith('application/json')) {
        return { status: res.status, body: { status: 1, msg: 'ok', data: await res.blob() } }
      }
      return { status: res.status, body: await res.json().catch(() => undefined) }
    })
  }

  async function call<T>(exchange: () => Promise<{ status: number; body: unknown }>): Promise<T> {
    const end = counter.begin()
    try {
      let answer: { status: number; body: unknown }
      try {
        answer = await exchange()
      } catch {
        deps.toast(deps.translate('network_error'), TOAST_MS)
        throw new BrokerRefusal('network_error', 0)
      }
      const outcome = interpretResponse(answer.status, answer.body)
      switch (outcome.kind) {
        case 'ok':
          return outcome.data as T
        case 'silent':
          deps.dismissToasts()
          break
        case 'unauthorized':
          deps.toast(deps.translate(outcome.msg), TOAST_MS)
          deps.onUnauthorized()
          break
        case 'refused':
          deps.toast(deps.translate(outcome.msg), TOAST_MS)
          break
      }
      throw new BrokerRefusal(outcome.msg, answer.status)
    } finally {
      end()
    }
  }

  return {
    post,
    download,
    get inFlight() {
      return counter.inFlight
    },
  }
}
