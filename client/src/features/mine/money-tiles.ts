import { MINE_ENTRIES, type MineEntryName, type ScreenPath } from '@kabu/shared/lines/index'

/**
 * Mine's money actions as tiles (issue 15): the panel's entries a user reaches for most, one tap
 * from Mine. `icon` names the panel entry whose icon the tile shows, so both look alike.
 */
export interface MoneyTile {
  name: string
  label: string
  path: ScreenPath
  icon: MineEntryName
}

const tile = (name: string, entry: MineEntryName): MoneyTile => ({
  name,
  label: `mine.tiles.${name}`,
  path: MINE_ENTRIES[entry],
  icon: entry,
})

/** Each opens what its panel entry opens (the entry's line declares it). */
export const MONEY_TILES: readonly MoneyTile[] = [
  tile('deposit', 'deposit'),
  tile('withdraw', 'withdraw'),
  tile('exchange', 'exchange'),
  tile('records', 'transactionRecords'),
  tile('loan', 'loan'),
]
