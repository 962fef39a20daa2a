export default {
  'mine.panel.accounts': '口座',
  'mine.accounts.title': '口座',
  'mine.accounts.kind.tokutei_withholding': '特定口座（源泉徴収あり）',
  'mine.accounts.kind.tokutei': '特定口座（源泉徴収なし）',
  'mine.accounts.kind.ippan': '一般口座',
  'mine.accounts.kind.nisa': 'NISA',
  'mine.accounts.fundPassword': '資金パスワード',
  'mine.accounts.taxable.title': '課税口座の区分',
  'mine.accounts.taxable.help':
    '源泉徴収ありでは売却益と配当の税金（20.315%）を当社が差し引いて納めます。なし・一般口座では確定申告が必要です。',
  'mine.accounts.taxable.locked':
    '今年は課税口座での売却があるため、区分は来年まで変更できません。',
  'mine.accounts.taxable.confirmTitle': '口座区分の変更',
  'mine.accounts.taxable.confirmText':
    '{kind}に変更します。今年最初の売却の後は、年内に変更できません。',
  'mine.accounts.nisa.title': 'NISA口座',
  'mine.accounts.nisa.none':
    'NISA口座の売却益と配当は非課税です。成長投資枠で東証の株式を年240万円まで購入できます。',
  'mine.accounts.nisa.open': 'NISA口座を開設する',
  'mine.accounts.nisa.confirmTitle': 'NISA口座の開設',
  'mine.accounts.nisa.confirmText':
    'NISA口座はお一人様1口座です。開設すると、株式の買い注文でNISA（成長投資枠）を選べます。',
  'mine.accounts.nisa.opened': '{date} 開設',
  'mine.accounts.nisa.growthYear': '成長投資枠（{year}年）',
  'mine.accounts.nisa.room': '残り {room}（注文中の予約 {reserved} を含む）',
  'mine.accounts.nisa.lifetime': '生涯非課税限度額',
  'mine.accounts.nisa.growthLifetime': 'うち成長投資枠',
  'mine.accounts.nisa.returnsNextYear': '来年に復活する枠',
  'mine.accounts.nisa.returnsHelp':
    '売却した分の簿価は翌年に生涯限度額へ戻ります。その年の年間投資枠には戻りません。',
  'mine.accounts.nisa.tsumitate': 'つみたて投資枠（{year}年）',
  'mine.accounts.nisa.tsumitateNote':
    'つみたて投資枠は金融庁が指定する投資信託専用です。このアプリでは取り扱っていないため利用できません。',
  'stock.order.account': '口座',
  'stock.order.account.taxable': '特定',
  'stock.order.account.room': 'NISA成長投資枠の残り {room}',
  'stock.order.account.closed': 'NISA口座は「マイページ › 口座」で開設できます',
  'stock.order.account.ineligible': 'この銘柄・取引はNISAの対象外です',
  'stock.order.account.review': 'NISA（成長投資枠）で購入します',
} satisfies Record<string, string>
