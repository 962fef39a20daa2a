import { expect } from 'vitest'
import type { WireTaxSummary } from '@kabu/shared/api/tax'
import type { SessionGrant } from '@kabu/shared/api/user'
import type { TestApp } from '../support/app'
import { brokerData, session } from '../support/broker'
import { parseDetail } from '@kabu/shared/tax/ledger-detail'
import { buy, lastUnits, sell, TOYOTA } from './trading.support'

/**
 * Helpers of the tax tests: the summary, a file call's text, the tax each part takes, and a lot
 * bought at a chosen price.
 */

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

/** Buys 100 Toyota and makes it a purchase at the market price moved by `yenPerShare`. */
export async function lotAt(t: TestApp, g: SessionGrant, yenPerShare: bigint): Promise<bigint> {
  const answer = await buy(t, g, { code: TOYOTA, num: '100' })
  expect(answer).toMatchObject({ status: 1 })
  const id = BigInt((answer.data as { id: string }).id)
  const price = lastUnits(t, TOYOTA) + yenPerShare * YEN
  await t.app.db
    .updateTable('holdings')
    .set({ buy_price: price, buy_cost: null })
    .where('id', '=', id)
    .execute()
  // On PostgreSQL the gateway keeps the row its market buy wrote for the first sell: a refused
  // sell (one share of a 100-share lot) takes that copy, so the sale reads the price set here.
  expect(await sell(t, g, { id: String(id), num: '1' })).toMatchObject({ status: 0 })
  return id
}

/**
 * The tests' own yen arithmetic for a foreign listing, written out apart from the gateway's:
 * `amount × rate` half up to the unit, and the cents (rounded up) that cover `yen`.
 */
function ratio(rate: string) {
  const [whole = '0', fraction = ''] = rate.split('.')
  return { num: BigInt(whole + fraction), den: 10n ** BigInt(fraction.length) }
}
export const yenOf = (amount: bigint, rate: string) => {
  const r = ratio(rate)
  return (2n * amount * r.num + r.den) / (2n * r.den)
}
export const centsCovering = (yen: bigint, rate: string) => {
  const r = ratio(rate)
  return ((yen * r.den + r.num * 100n - 1n) / (r.num * 100n)) * 100n
}

/**
 * The annual report's sale and dividend rows of year `y` beside the same rows recomputed from the
 * ledger export's lines (each tax-bearing line carries its computation), and the export's rows.
 */
export async function reportAndLedger(t: TestApp, g: SessionGrant, y: number) {
  const csv = await fileOf(t, g, '/user/annualReport', { year: String(y), format: 'csv' })
  const exported = csvRows((await fileOf(t, g, '/user/ledgerExport', { type: 'jpy' })).text)
  const fromLedger = exported
    .map((l) => parseDetail(l.detail ?? ''))
    .flatMap((d) => (d?.kind === 'sale' || d?.kind === 'dividend' ? [fromDetail(d)] : []))
    .sort((a, b) => (a.type === b.type ? 0 : a.type === 'sale' ? -1 : 1))
  const columns = Object.keys(fromDetail({ kind: 'sale', fields: {} }))
  const fromReport = csvRows(csv.text)
    .filter((r) => r.type === 'sale' || r.type === 'dividend')
    .map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])))
  return { fromReport, fromLedger, exported }
}

/** A ledger line's computation as the report's row of it. */
function fromDetail({ kind, fields: f }: { kind: string; fields: Record<string, string> }) {
  const sale = kind === 'sale'
  return {
    type: kind,
    date: f.date,
    code: f.code,
    shares: f.shares,
    proceeds: sale ? f.proceeds : '',
    cost: sale ? f.cost : '',
    gain: sale ? f.gain : '',
    gross: sale ? '' : f.gross,
    withheld_national: f.national,
    withheld_local: f.local,
    net: sale ? '' : f.net,
  }
}
