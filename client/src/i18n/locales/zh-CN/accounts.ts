export default {
  'mine.panel.accounts': '账户',
  'mine.accounts.title': '账户',
  'mine.accounts.kind.tokutei_withholding': '特定账户（代扣税）',
  'mine.accounts.kind.tokutei': '特定账户（不代扣税）',
  'mine.accounts.kind.ippan': '一般账户',
  'mine.accounts.kind.nisa': 'NISA',
  'mine.accounts.fundPassword': '资金密码',
  'mine.accounts.taxable.title': '应税账户类别',
  'mine.accounts.taxable.help':
    '代扣税账户由本公司从卖出收益和股息中扣缴税款（20.315%）；不代扣税和一般账户需自行申报。',
  'mine.accounts.taxable.locked': '今年应税账户已有卖出，类别需到明年才能变更。',
  'mine.accounts.taxable.confirmTitle': '变更账户类别',
  'mine.accounts.taxable.confirmText': '将变更为{kind}。今年首次卖出后，年内不能再变更。',
  'mine.accounts.nisa.title': 'NISA账户',
  'mine.accounts.nisa.none':
    'NISA账户的卖出收益和股息免税。成长投资额度每年可买入最多240万日元的东京上市股票。',
  'mine.accounts.nisa.open': '开设NISA账户',
  'mine.accounts.nisa.confirmTitle': '开设NISA账户',
  'mine.accounts.nisa.confirmText':
    'NISA账户每人限一个。开设后，买入股票时可选择NISA（成长投资额度）。',
  'mine.accounts.nisa.opened': '{date} 开设',
  'mine.accounts.nisa.growthYear': '成长投资额度（{year}年）',
  'mine.accounts.nisa.room': '剩余 {room}（含挂单预留 {reserved}）',
  'mine.accounts.nisa.lifetime': '终身免税额度',
  'mine.accounts.nisa.growthLifetime': '其中成长投资额度',
  'mine.accounts.nisa.returnsNextYear': '明年恢复的额度',
  'mine.accounts.nisa.returnsHelp':
    '卖出部分的账面金额于次年恢复到终身额度，不会恢复当年的年度额度。',
  'mine.accounts.nisa.tsumitate': '定投额度（{year}年）',
  'mine.accounts.nisa.tsumitateNote':
    '定投额度仅限金融厅指定的投资信托。本应用不提供此类产品，因此无法使用。',
  'stock.order.account': '账户',
  'stock.order.account.taxable': '特定',
  'stock.order.account.room': 'NISA成长投资额度剩余 {room}',
  'stock.order.account.closed': '可在「我的 › 账户」开设NISA账户',
  'stock.order.account.ineligible': '该股票或交易不适用NISA',
  'stock.order.account.review': '以NISA（成长投资额度）买入',
} satisfies Record<string, string>
