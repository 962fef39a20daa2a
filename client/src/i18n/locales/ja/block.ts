/** Block trades (features/block): 立会外分売. */
export default {
  'server.block_over_user_limit': '1人あたりの申込上限を超えています',
  'server.block_allocation_pending': '申込期間の終了後に配分が確定してから審査できます',
  'server.block_not_allocated': '配分がなかったため承認できません',
  'mine.funds.kind.block_freeze': '立会外分売 申込拘束',
  'mine.funds.kind.block_buy': '立会外分売 買付',
  'mine.funds.kind.block_release': '立会外分売 拘束解除',
}
