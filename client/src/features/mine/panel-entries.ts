/**
 * The side user panel of spec §2, in the spec's order. `name` is also the test id suffix
 * (`panel-<name>`); an entry with a path is enabled only once that screen's route is registered.
 */
export type PanelEntry =
  | { name: string; label: string; path: string }
  | { name: 'logout'; label: string; action: 'logout' }

export const PANEL_ENTRIES: readonly PanelEntry[] = [
  { name: 'message', label: 'mine.panel.message', path: '/mine/message' },
  { name: 'verified', label: 'mine.panel.verified', path: '/mine/verified' },
  { name: 'deposit', label: 'mine.panel.deposit', path: '/mine/deposit' },
  { name: 'withdraw', label: 'mine.panel.withdraw', path: '/mine/withdraw' },
  { name: 'exchange', label: 'mine.panel.exchange', path: '/mine/exchange' },
  { name: 'loan', label: 'mine.panel.loan', path: '/mine/loan' },
  {
    name: 'transactionRecords',
    label: 'mine.panel.transactionRecords',
    path: '/mine/transactionRecords',
  },
  // The user's block requests (pending review; the decided ones one tap away), not in spec §2's list.
  { name: 'blockOrders', label: 'mine.panel.blockOrders', path: '/home/large2' },
  { name: 'bank', label: 'mine.panel.bank', path: '/mine/bank' },
  { name: 'loginPassword', label: 'mine.panel.loginPassword', path: '/mine/loginPassword' },
  { name: 'fundPassword', label: 'mine.panel.fundPassword', path: '/mine/fundPassword' },
  // Passkeys and the authenticator app (issue 17), beside the passwords they strengthen.
  { name: 'security', label: 'mine.panel.security', path: '/mine/security' },
  { name: 'about', label: 'mine.panel.about', path: '/mine/about' },
  { name: 'privacy', label: 'mine.panel.privacy', path: '/mine/privacy' },
  // Customer service: the in-app conversations (features/support), which also offer the external
  // `kefu` link when one is set.
  { name: 'kefu', label: 'mine.panel.kefu', path: '/mine/support' },
  // The trust panel (issue 17): reconciliation, the refusal rules, the self-freeze, the export.
  { name: 'trust', label: 'mine.panel.trust', path: '/mine/trust' },
  { name: 'language', label: 'mine.panel.language', path: '/mine/language' },
  { name: 'logout', label: 'mine.panel.logout', action: 'logout' },
]

/** Whether an entry can be used now: actions always, screens once their route exists. */
export function isEntryEnabled(
  entry: PanelEntry,
  isRegistered: (path: string) => boolean,
): boolean {
  return 'action' in entry || isRegistered(entry.path)
}
