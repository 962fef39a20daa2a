/**
 * Mine's money actions as tiles (issue 15): the panel's entries a user reaches for most, one tap
 * from Mine. `icon` names the panel entry whose icon the tile shows, so both look alike.
 */
export interface MoneyTile {
  name: string
  label: string
  path: string
  icon: string
}

export const MONEY_TILES: readonly MoneyTile[] = [
  { name: 'deposit', label: 'mine.tiles.deposit', path: '/mine/deposit', icon: 'deposit' },
  { name: 'withdraw', label: 'mine.tiles.withdraw', path: '/mine/withdraw', icon: 'withdraw' },
  { name: 'exchange', label: 'mine.tiles.exchange', path: '/mine/exchange', icon: 'exchange' },
  {
    name: 'records',
    label: 'mine.tiles.records',
    path: '/mine/transactionRecords',
    icon: 'transactionRecords',
  },
  { name: 'loan', label: 'mine.tiles.loan', path: '/mine/loan', icon: 'loan' },
]
