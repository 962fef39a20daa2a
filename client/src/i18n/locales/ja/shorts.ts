/** 信用売り（売建）と返済買い（買埋）：features/stock の信用売りシート、features/position の建玉。 */
export default {
  'stock.position.side.short': '売建',
  'stock.position.short.openTime': '売建日時',
  'stock.position.short.quantity': '売建数量',
  'stock.position.short.openPrice': '売建単価',
  'stock.position.short.openFee': '売建手数料',
  'stock.position.short.marketValue': '買戻し代金（時価）',
  'stock.position.short.coverPrice': '買埋単価',
  'stock.position.short.coverTime': '買埋日時',
  'stock.position.short.coverFee': '買埋手数料',
  'stock.short.cover.title': '返済買い（買埋）',
  'stock.short.cover.price': '現在値',
  'stock.short.cover.cost': '買戻し代金（概算）',
  'stock.short.cover.fee': '買付手数料（概算）',
  'stock.short.cover.realised': '実現損益（概算）',
  'stock.short.cover.returned': '利用可能額に戻る金額（概算）',
  'stock.short.cover.shortfall':
    'この価格で買い戻すと、保証金と売却代金を超える損失 {amount} が不足金として残ります。',
  'stock.short.cover.note':
    '成行で全数量を買い戻します。実現損益は売建・買埋の手数料とこれまでの貸株料を差し引いた額です。約定価格は現在値と異なる場合があり、実際の金額は約定時に精算されます。',
  'stock.short.cover.open': '{n}株を買い戻す（返済買い）',
  'stock.short.cover.confirmTitle': '返済買いの確認',
  'stock.short.cover.confirm': '買い戻す',
  'stock.short.cover.sentence': '{code} {name} {num} 株を成行で買い戻します（返済買い）',
  'stock.short.cover.done': '買い戻しました。保証金と損益は利用可能額に反映されました',
  'stock.credit.panel.shortTitle': '信用売り ×{n}',
  'stock.credit.panel.borrowFeesOwed': '未払いの貸株料',
  'stock.credit.panel.borrowFees': 'これまでの貸株料',
  'stock.credit.panel.marginHeld': '拘束中の保証金',
  'stock.credit.panel.liquidated.short':
    '期限までに追証が解消されなかったため、建玉を成行で買い戻しました。',
  'stock.credit.trust.confirm.short':
    '{amount} の追加保証金を入れますか？今拘束され、審査後にこの建玉の保証金に加わります。',
  'stock.credit.trust.applied.short': '追加保証金をこの建玉の保証金に反映しました。',
  'stock.credit.trust.note.short':
    '追加保証金は建玉の保証金に加わり、維持率を引き上げます（売建代金まで）。',
} satisfies Record<string, string>
