/**
 * The rows fanout.ts prints, and what a setup adds to the plain hub's figures at the same phones
 * and rate in the same run (timings on a shared machine are only comparable within one run).
 */
import type { Setup } from './messages'

export interface Row {
  setup: Setup
  clients: number
  rate: number
  'produced/s': number
  'delivered ticks/s': number
  'messages/s': number
  'msgs/client/s': number
  'lag p50 ms': number
  'lag p99 ms': number
  'late p50 ms': number
  'late p99 ms': number
  'frame gap p99 ms': number
  'server loop p99 ms': number
  'server CPU %': number
  'server µs/msg': number
  'older after newer': number
  /** proxy: a tick's creation in the feed process → published by the proxy (NaN otherwise). */
  'feed hop p99 ms': number
  /** hub+alerts: the `alert:triggered` events the watcher pushed in the stretch (NaN otherwise). */
  'alerts fired': number
  'too soon (server)': number
  'bunched (client)': number
}

/** The `hub` row of the same phones and rate as `row`, if the run measured it. */
const plainHub = (rows: Row[], row: Row) =>
  rows.find((r) => r.setup === 'hub' && r.clients === row.clients && r.rate === row.rate)

/** What the streaming proxy adds to lag p99: the `proxy` rows against the `hub` rows of the run. */
export function proxyCost(rows: Row[]) {
  for (const proxied of rows.filter((r) => r.setup === 'proxy')) {
    const direct = plainHub(rows, proxied)
    if (!direct) continue
    const added = proxied['lag p99 ms'] - direct['lag p99 ms']
    const ratio = (proxied['lag p99 ms'] / Math.max(1, direct['lag p99 ms'])).toFixed(2)
    console.log(
      `${proxied.clients} phones at ${proxied.rate} ticks/s: lag p99 hub ${direct['lag p99 ms']} ms, ` +
        `proxy ${proxied['lag p99 ms']} ms → the proxy adds ${added} ms (×${ratio}); p50 ` +
        `${direct['lag p50 ms']} → ${proxied['lag p50 ms']} ms; server CPU ${direct['server CPU %']} → ` +
        `${proxied['server CPU %']} %; the proxy's own hop (tick creation → published) p99 ` +
        `${proxied['feed hop p99 ms']} ms`,
    )
  }
}

/** What the alert watcher adds: the `hub+alerts` rows against the `hub` rows of the run. */
export function alertsCost(rows: Row[]) {
  for (const watched of rows.filter((r) => r.setup === 'hub+alerts')) {
    const plain = plainHub(rows, watched)
    if (!plain) continue
    const added = watched['lag p99 ms'] - plain['lag p99 ms']
    const ratio = (watched['lag p99 ms'] / Math.max(1, plain['lag p99 ms'])).toFixed(2)
    const cpu = watched['server CPU %'] - plain['server CPU %']
    // CPU time per message sent: a share of the cores swings with what else runs, this less so.
    const perMessage = (watched['server µs/msg'] / Math.max(1, plain['server µs/msg'])).toFixed(2)
    console.log(
      `${watched.clients} phones at ${watched.rate} ticks/s: lag p99 hub ${plain['lag p99 ms']} ms, ` +
        `hub+alerts ${watched['lag p99 ms']} ms → the watcher adds ${added} ms (×${ratio}); p50 ` +
        `${plain['lag p50 ms']} → ${watched['lag p50 ms']} ms; server CPU ${plain['server CPU %']} → ` +
        `${watched['server CPU %']} % (${cpu >= 0 ? '+' : ''}${cpu} points), per message sent ` +
        `${plain['server µs/msg']} → ${watched['server µs/msg']} µs (×${perMessage}); server loop p99 ` +
        `${plain['server loop p99 ms']} → ${watched['server loop p99 ms']} ms; ` +
        `${watched['alerts fired']} alerts fired in the stretch`,
    )
  }
}
