/** New shares (features/ipo): offers, applications, the verifiable draw. */
export default {
  'server.ipo_over_user_limit': 'More shares than one account may apply for in this offer',
  'server.ipo_not_payable': 'This application is not waiting for payment',
  'server.ipo_draw_not_due': 'The draw is not due yet',
  'server.ipo_drawn_already': 'This offer has already been drawn',
  'mine.funds.kind.ipo_freeze': 'New share application held',
  'mine.funds.kind.ipo_draw': 'New share draw settled',
  'mine.funds.kind.ipo_pay': 'New share payment',
}
