/** Block trades (features/block): off-auction distributions (立会外分売). */
export default {
  'server.block_over_user_limit': 'More than one person may ask for in this offer',
  'server.block_allocation_pending':
    'The request can be decided once the order window has closed and lots are allocated',
  'server.block_not_allocated': 'No lots were allocated to this request, so it cannot be approved',
  'mine.funds.kind.block_freeze': 'Block purchase held',
  'mine.funds.kind.block_buy': 'Block purchase',
  'mine.funds.kind.block_release': 'Block purchase released',
}
