/** 新股申购（features/ipo）：发行、申购、可验证的抽签。 */
export default {
  'server.ipo_over_user_limit': '超过该新股每个账户可申购的股数',
  'server.ipo_not_payable': '该申购不在待缴款状态',
  'server.ipo_draw_not_due': '尚未到抽签时间',
  'server.ipo_drawn_already': '该新股已经抽签',
  'mine.funds.kind.ipo_freeze': '新股申购冻结',
  'mine.funds.kind.ipo_draw': '新股抽签结算',
  'mine.funds.kind.ipo_pay': '新股缴款',
}
