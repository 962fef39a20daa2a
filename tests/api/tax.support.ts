import type { WireTaxSummary } from '@kabu/shared/api/tax'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { brokerData, session } from '../support/broker'

/** Helpers of the tax tests: the summary, a file call's text, and the tax each part takes. */

export const YEN = 10_000n

export const summary = (t: TestApp, g: SessionGrant, year: number) =>
  brokerData<WireTaxSummary>(t.url, '/user/taxSummary', { year: String(year) }, session(g))

/** A call answered with a file: its status, type and body. */
export async function fileOf(
  t: TestApp,
  g: SessionGrant,
  path: string,
  form: Record<string, string>,
) {
  const res = await fetch(`${t.url}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...session(g) },
    body: new URLSearchParams(form).toString(),
  })
  const bytes = new Uint8Array(await res.arrayBuffer())
  return {
    http: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes,
    text: new TextDecoder().decode(bytes),
  }
}

/** A CSV of plain fields (no quoted commas) as header and rows of named fields. */
export function csvRows(text: string): Record<string, string>[] {
  const [head = '', ...lines] = text.split('\r\n').filter(Boolean)
  const names = head.split(',')
  return lines.map((l) => {
    const cells = l.split(',')
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']))
  })
}

/** 15.315 % and 5 % of a year's net, each cut below the yen, written out here on their own. */
export const dueOn = (net: bigint) =>
  net <= 0n
    ? { national: 0n, local: 0n }
    : { national: ((net * 15_315n) / 100_000n / YEN) * YEN, local: ((net * 5n) / 100n / YEN) * YEN }

/** Units as the wire writes them. */
export const wire = (units: bigint) => {
  const sign = units < 0n ? '-' : ''
  const abs = units < 0n ? -units : units
  const fraction = (abs % YEN).toString().padStart(4, '0').replace(/0+$/, '')
  return `${sign}${abs / YEN}${fraction ? `.${fraction}` : ''}`
}
