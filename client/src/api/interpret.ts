/** What one HTTP answer of /api/vue means for the caller (spec §8), decided without side effects. */
export type BrokerOutcome =
  | { kind: 'ok'; data: unknown }
  /** status ≠ 1, or an HTTP error carrying a msg: toast the (translated) msg. */
  | { kind: 'refused'; msg: string }
  /** HTTP 401: toast, then the session ends. */
  | { kind: 'unauthorized'; msg: string }
  /** HTTP 503 / 404: the spec dismisses toasts instead of showing one. */
  | { kind: 'silent'; msg: string }

const msgOf = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined
  const msg = (body as { msg?: unknown }).msg
  return typeof msg === 'string' && msg !== '' ? msg : undefined
}

export function interpretResponse(httpStatus: number, body: unknown): BrokerOutcome {
  const msg = msgOf(body)
  if (httpStatus === 401) return { kind: 'unauthorized', msg: msg ?? 'please_login_again' }
  if (httpStatus === 503) return { kind: 'silent', msg: msg ?? 'network_error' }
  if (httpStatus === 404) return { kind: 'silent', msg: msg ?? 'not_found' }
  // The spec counts any 2xx as transport success; the envelope's status decides the rest.
  if (httpStatus < 200 || httpStatus >= 300) return { kind: 'refused', msg: msg ?? 'network_error' }
  if (typeof body !== 'object' || body === null) return { kind: 'refused', msg: 'network_error' }
  const status = (body as { status?: unknown }).status
  if (status === 1 || status === '1') return { kind: 'ok', data: (body as { data?: unknown }).data }
  return { kind: 'refused', msg: msg ?? 'network_error' }
}
