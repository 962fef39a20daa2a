export default {
  'mine.trust.title': 'Trust & safety',
  'mine.trust.operator.title': 'Who holds your money',
  'mine.trust.operator.name': 'Operator',
  'mine.trust.operator.registration': 'Registration',
  'mine.trust.operator.segregated': 'Client money held at',
  'mine.trust.reconciliation.title': 'Live reconciliation',
  'mine.trust.reconciliation.ok': 'Balanced',
  'mine.trust.reconciliation.notOk': 'Difference found',
  'mine.trust.reconciliation.customers': 'All customers’ balances',
  'mine.trust.reconciliation.segregated': 'Segregated account’s book',
  'mine.trust.reconciliation.checkedAt': 'Checked at',
  'mine.trust.reconciliation.hint':
    'Summed from the ledger when you opened this page: what every customer holds (less what they owe) against what the segregated account holds for them.',
  'mine.trust.products.title': 'Follow products',
  'mine.trust.products.covered': 'Fully funded',
  'mine.trust.products.short': 'Not fully funded',
  'mine.trust.products.owed': 'Profit still owed to holders',
  'mine.trust.products.funds': 'Held by the issuers for it',
  'mine.trust.payouts.title': 'Withdrawal speed',
  'mine.trust.payouts.median':
    'Half of the withdrawals paid in the last 30 days were paid within {hours} hours ({count, plural, one {# withdrawal} other {# withdrawals}}).',
  'mine.trust.payouts.none': 'No withdrawal was paid in the last 30 days.',
  'mine.trust.rules.title': 'Every reason a withdrawal can be refused',
  'mine.trust.rules.hint':
    'This list is generated from the rules the system enforces. There are no others.',
  'mine.trust.rule.self_frozen_withdraw': 'You have frozen withdrawals yourself (below).',
  'mine.trust.rule.realname_reviewing': 'Your identity documents are still under review.',
  'mine.trust.rule.realname_not_passed':
    'Your identity documents were not approved (send them again).',
  'mine.trust.rule.realname_required': 'Your identity is not verified.',
  'mine.trust.rule.card_not_found': 'The bank card is not one bound to your own account.',
  'mine.trust.rule.wrong_fund_password':
    'The fund password is wrong (5 wrong tries in 15 minutes pause further tries for 15 minutes).',
  'mine.trust.rule.second_factor_required':
    'Your passkey or authenticator app did not confirm it (once you have set one up, each withdrawal needs it).',
  'mine.trust.rule.withdraw_window_closed':
    'It is outside {window} Tokyo time on a Japanese bank business day.',
  'mine.trust.rule.amount_below_minimum': 'The amount is below {min}.',
  'mine.trust.rule.insufficient_balance':
    'The amount is more than your available cash less what you owe on loans.',
  'mine.trust.freeze.title': 'Freeze my account',
  'mine.trust.freeze.hint':
    'If your phone is lost or you want a break, freeze withdrawals and/or trading yourself. A freeze can be lifted only {hours, plural, one {# hour} other {# hours}} after it began.',
  'mine.trust.freeze.scope.withdraw': 'Withdrawals',
  'mine.trust.freeze.scope.trading': 'Trading (buying and selling)',
  'mine.trust.freeze.open': 'Not frozen',
  'mine.trust.freeze.frozenSince': 'Frozen since {since}; can be lifted from {from}',
  'mine.trust.freeze.lift': 'Lift',
  'mine.trust.freeze.button.withdraw': 'Freeze withdrawals',
  'mine.trust.freeze.button.trading': 'Freeze trading',
  'mine.trust.freeze.button.all': 'Freeze both',
  'mine.trust.freeze.freeze.withdraw': 'Freeze withdrawals?',
  'mine.trust.freeze.freeze.trading': 'Freeze trading?',
  'mine.trust.freeze.freeze.all': 'Freeze withdrawals and trading?',
  'mine.trust.freeze.unfreeze.withdraw': 'Lift the freeze of withdrawals?',
  'mine.trust.freeze.unfreeze.trading': 'Lift the freeze of trading?',
  'mine.trust.freeze.unfreeze.all': 'Lift every freeze?',
  'mine.trust.freeze.freeze.explain':
    'Until you lift it, every such request is refused, yours included. You can lift it only after {hours, plural, one {# hour} other {# hours}}.',
  'mine.trust.freeze.unfreeze.explain':
    'The cooling-off period has passed; lifting takes effect at once.',
  'mine.trust.freeze.freeze.confirm': 'Freeze',
  'mine.trust.freeze.unfreeze.confirm': 'Lift',
  'mine.trust.freeze.fundPassword': 'Fund password',
  'mine.trust.freeze.cancel': 'Cancel',
  'mine.trust.export.button': 'Download my ledger (CSV)',
  'mine.trust.export.hint':
    'Every line of your yen wallet with its running balance; the last line is your balance.',
} satisfies Record<string, string>
