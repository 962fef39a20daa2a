/** A /api/vue answer as the test sees it: the HTTP status and the envelope. */
export interface BrokerAnswer {
  http: number
  status: number | undefined
  msg: string | undefined
  data: unknown
  headers: Headers
}

export type Form = Record<string, string> | string | Uint8Array<ArrayBuffer>

/** Headers of a logged-in call (API.md: `token` and `account`). */
export const session = (grant: { token: string; account: string }) => ({
  token: grant.token,
  account: grant.account,
})

/**
 * POSTs a form to `${base}/api/vue${path}` over real HTTP. A string or byte body is sent as it is
 * (for hostile input); `contentType` overrides the form type.
 */
export async function brokerApi(
  base: string,
  path: string,
  form: Form = {},
  headers: Record<string, string> = {},
  contentType = 'application/x-www-form-urlencoded',
): Promise<BrokerAnswer> {
  const body =
    typeof form === 'string' || form instanceof Uint8Array
      ? form
      : new URLSearchParams(form).toString()
  const res = await fetch(`${base}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body,
  })
  const text = await res.text()
  let json: { status?: number; msg?: string; data?: unknown } = {}
  try {
    json = JSON.parse(text) as typeof json
  } catch {
    // Not JSON: the assertions on status/msg will say so.
  }
  return {
    http: res.status,
    status: json.status,
    msg: json.msg,
    data: json.data,
    headers: res.headers,
  }
}

/** The `data` of a successful answer, or a thrown error naming the refusal. */
export async function brokerData<T>(
  base: string,
  path: string,
  form: Form = {},
  headers: Record<string, string> = {},
): Promise<T> {
  const answer = await brokerApi(base, path, form, headers)
  if (answer.http !== 200 || answer.status !== 1) {
    throw new Error(`${path} answered HTTP ${answer.http} ${answer.msg}`)
  }
  return answer.data as T
}
