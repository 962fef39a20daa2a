import { MINE_ENTRIES, type MineEntryName } from '@kabu/shared/lines/index'

/**
 * The side user panel of spec §2. `name` is also the test id suffix (`panel-<name>`) and names the
 * label (`mine.panel.<name>`); an entry with a path is enabled only once that screen's route is
 * registered.
 */
export type PanelEntry =
  | { name: MineEntryName; label: string; path: string }
  | { name: 'logout'; label: string; action: 'logout' }

/**
 * The spec's order of the panel's entries, each declared by its line (shared/src/lines): a name
 * no line declares fails the typecheck, a declared one left out fails panel-entries.test.
 */
const PANEL_ORDER: readonly MineEntryName[] = [
  'message',
  // Price alerts (issue 37), beside the messages that tell of other events.
  'alerts',
  // What happened to the user's orders, money and messages, and how they are told (issue 37).
  'notifications',
  'notifySettings',
  'verified',
  'deposit',
  'withdraw',
  'exchange',
  'loan',
  'transactionRecords',
  // Dividends received and expected (issue 36), beside the fund records they appear in.
  'dividends',
  // The taxable account's kind and the NISA account (issue 36), beside what is taxed in them.
  'accounts',
  // What the taxable account withheld and refunded, and the year's 年間取引報告書 (issue 36).
  'tax',
  // The user's block requests (pending review; the decided ones one tap away), not in spec §2's list.
  'blockOrders',
  'bank',
  'loginPassword',
  'fundPassword',
  // Passkeys and the authenticator app (issue 17), beside the passwords they strengthen.
  'security',
  'about',
  'privacy',
  // Customer service: the in-app conversations (features/support), which also offer the external
  // `kefu` link when one is set.
  'kefu',
  // The trust panel (issue 17): reconciliation, the refusal rules, the self-freeze, the export.
  'trust',
  'language',
]

export const PANEL_ENTRIES: readonly PanelEntry[] = [
  ...PANEL_ORDER.map((name) => ({ name, label: `mine.panel.${name}`, path: MINE_ENTRIES[name] })),
  { name: 'logout', label: 'mine.panel.logout', action: 'logout' },
]

/** Whether an entry can be used now: actions always, screens once their route exists. */
export function isEntryEnabled(
  entry: PanelEntry,
  isRegistered: (path: string) => boolean,
): boolean {
  return 'action' in entry || isRegistered(entry.path)
}
