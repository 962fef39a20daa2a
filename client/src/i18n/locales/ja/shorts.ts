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
  'stock.short.open': '信用売り',
  'stock.short.title': '信用新規売り',
  'stock.short.leverage': 'レバレッジ（保証金 = 売却代金 ÷ 倍率）',
  'stock.short.times': '×{n}',
  'stock.short.proceeds': '概算売却代金',
  'stock.short.margin': '保証金（拘束）',
  'stock.short.fee': '売却手数料',
  'stock.short.total': '必要資金（保証金＋手数料）',
  'stock.short.borrowFee': '貸株料：売却代金に年 {rate}、暦日ごとに計上（1日あたり約 {day}）',
  'stock.short.call':
    '維持率（売却代金＋保証金−買戻し代金−貸株料）÷ 買戻し代金 が {ratio} を下回ると追証が発生します。{days} 日以内に解消されない場合、建玉は成行で買い戻されます。',
  'stock.short.priceRule':
    '空売り価格規制：基準価格（前日終値）から {fall} 以上下落した銘柄は、その日と翌営業日、{units} 単位を超える信用新規売りができません。',
  'stock.short.marketOnly':
    '信用売りは成行で即時に約定します。返済は全数量の買い戻し（返済買い）です。本人確認が必要です。',
  'stock.short.confirmTitle': '信用新規売りの確認',
  'stock.short.sentence': '{code} {name} {num} 株を成行で信用新規売りします（信用 ×{leverage}）',
  'stock.short.reviewNote':
    '株を借りて売却します。売却代金は貸株の担保として預けられ、保証金と手数料を今お支払いいただきます。値上がりすると損失となり、買い戻し（返済買い）で決済します。',
  'stock.short.confirm': '信用売りする',
  'stock.short.outcome.opened': '約定しました。信用売りの建玉ができました',
  'stock.short.outcome.refused': '信用売りは受け付けられませんでした',
  'stock.short.edit': '注文内容を修正',
  'stock.short.close': '閉じる',
} satisfies Record<string, string>
