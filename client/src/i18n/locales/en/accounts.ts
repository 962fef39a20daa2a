export default {
  'mine.panel.accounts': 'Accounts',
  'mine.accounts.title': 'Accounts',
  'mine.accounts.kind.tokutei_withholding': 'Specified account (tax withheld)',
  'mine.accounts.kind.tokutei': 'Specified account (no withholding)',
  'mine.accounts.kind.ippan': 'General account',
  'mine.accounts.kind.nisa': 'NISA',
  'mine.accounts.fundPassword': 'Fund password',
  'mine.accounts.taxable.title': 'Taxable account type',
  'mine.accounts.taxable.help':
    'With withholding, we deduct and pay the 20.315 % tax on gains and dividends for you. Without it, or in a general account, you file a tax return.',
  'mine.accounts.taxable.locked':
    'There was a sale in your taxable account this year: the type can change again next year.',
  'mine.accounts.taxable.confirmTitle': 'Change the account type',
  'mine.accounts.taxable.confirmText':
    'Change to {kind}. After the first sale of the year it cannot change until next year.',
  'mine.accounts.nisa.title': 'NISA account',
  'mine.accounts.nisa.none':
    'Gains and dividends in NISA are tax-free. Its growth allowance buys up to ¥2.4M of Tokyo-listed stocks a year.',
  'mine.accounts.nisa.open': 'Open a NISA account',
  'mine.accounts.nisa.confirmTitle': 'Open a NISA account',
  'mine.accounts.nisa.confirmText':
    'One NISA account per person. Once it is open, a stock buy can go into NISA (growth allowance).',
  'mine.accounts.nisa.opened': 'Opened {date}',
  'mine.accounts.nisa.growthYear': 'Growth allowance ({year})',
  'mine.accounts.nisa.room': '{room} left (of which open orders hold {reserved})',
  'mine.accounts.nisa.lifetime': 'Lifetime tax-free limit',
  'mine.accounts.nisa.growthLifetime': 'Of it, growth allowance',
  'mine.accounts.nisa.returnsNextYear': 'Back next year',
  'mine.accounts.nisa.returnsHelp':
    "What you sold comes back to the lifetime limit at its book value next year, never to this year's allowance.",
  'mine.accounts.nisa.tsumitate': 'Tsumitate allowance ({year})',
  'mine.accounts.nisa.tsumitateNote':
    'The tsumitate allowance is for investment trusts designated by the FSA only, which this app does not sell.',
  'stock.order.account': 'Account',
  'stock.order.account.taxable': 'Taxable',
  'stock.order.account.room': 'NISA growth allowance left: {room}',
  'stock.order.account.closed': 'Open a NISA account under Mine › Accounts',
  'stock.order.account.ineligible': 'NISA does not take this stock or trade',
  'stock.order.account.review': 'Bought in NISA (growth allowance)',
} satisfies Record<string, string>
