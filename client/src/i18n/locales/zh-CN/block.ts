/** Block trades (features/block): 大宗交易（盘后分售）. */
export default {
  'server.block_over_user_limit': '超过每人申购上限',
  'server.block_allocation_pending': '申购窗口结束、配售确定后才能审核',
  'server.block_not_allocated': '未获配售，无法批准',
  'mine.funds.kind.block_freeze': '大宗交易申购冻结',
  'mine.funds.kind.block_buy': '大宗交易买入',
  'mine.funds.kind.block_release': '大宗交易解冻',
}
