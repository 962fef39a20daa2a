/** 新規公開株（features/ipo）：募集、申込、検証できる抽選。 */
export default {
  'server.ipo_over_user_limit': 'この銘柄で1口座が申し込める株数を超えています',
  'server.ipo_not_payable': 'この申込は購入代金の支払い待ちではありません',
  'server.ipo_draw_not_due': '抽選日時になっていません',
  'server.ipo_drawn_already': 'この銘柄は抽選済みです',
  'mine.funds.kind.ipo_freeze': '新規公開株 申込拘束',
  'mine.funds.kind.ipo_draw': '新規公開株 抽選精算',
  'mine.funds.kind.ipo_pay': '新規公開株 購入代金',
}
