import type { Sector } from '@kabu/shared/market/listings/index'

/** What a TSE listing is, as far as its name tells: a company, a fund (ETF, ETN) or a REIT. */
export type TseKind = 'company' | 'fund' | 'reit'

/**
 * Listed funds name themselves: ETF/ETN in the name, or the Japanese 上場投信 (listed investment
 * trust) and 投資信託. REITs and infrastructure funds are 投資法人 (investment corporations).
 */
export function tseKindOf(name: string): TseKind {
  if (/投資法人/.test(name)) return 'reit'
  if (/ETF|ETN|上場投信|投資信託|インデックスファンド|連動型/.test(name)) return 'fund'
  return 'company'
}

/**
 * Company codes were handed out by industry when the four-digit codes were introduced
 * (証券コード協議会's allocation: 13xx fishery, 17–19xx construction, 20–29xx food, …, 83–87xx
 * finance, 90–93xx transport). Newer listings got whatever code was free, so this is a rough guess
 * for them: the sector of a listing outside the hand-made catalogue is SIMULATED and labelled so.
 * Rows: [first code of the band, sector]; a band runs to the next row's first code.
 */
// A table reads best one row per line.
// prettier-ignore
const BANDS: ReadonlyArray<readonly [number, Sector]> = [
  [1300, 'consumer'], // fishery, agriculture
  [1500, 'energy'], // mining (1605 INPEX)
  [1700, 'industrial'], // construction
  [2000, 'consumer'], // food
  [2100, 'tech'], // services, information (the 21xx–24xx of the 2000s listings)
  [2500, 'consumer'], // beverages, food, tobacco
  [3000, 'consumer'], // textiles, retail
  [3700, 'tech'], // information and communication
  [3860, 'materials'], // pulp and paper
  [3900, 'tech'], // information and communication
  [4000, 'materials'], // chemicals
  [4500, 'health'], // pharmaceuticals
  [4600, 'materials'], // chemicals
  [4650, 'tech'], // services, software
  [4900, 'materials'], // chemicals, cosmetics
  [5000, 'energy'], // oil and coal products
  [5100, 'auto'], // rubber (tyres)
  [5200, 'materials'], // glass, ceramics, steel, non-ferrous metals, metal products
  [6000, 'industrial'], // machinery
  [6500, 'tech'], // electrical equipment
  [6900, 'semiconductors'], // electronic components, semiconductor equipment
  [7000, 'industrial'], // shipbuilding
  [7100, 'auto'], // transport equipment
  [7400, 'consumer'], // wholesale, retail
  [7700, 'health'], // precision instruments, medical devices
  [7800, 'consumer'], // other products
  [8000, 'industrial'], // trading companies
  [8200, 'consumer'], // retail
  [8300, 'finance'], // banks, securities, insurance, other finance
  [8800, 'realestate'], // real estate
  [9000, 'transport'], // land, marine and air transport, warehousing
  [9400, 'telecom'], // information and communication
  [9500, 'utilities'], // electricity and gas
  [9600, 'consumer'], // services, retail
]

/** The sector of a TSE listing outside the catalogue: funds and REITs by name, companies by code. */
export function tseSectorOf(code: string, kind: TseKind): Sector {
  if (kind === 'fund') return 'fund'
  if (kind === 'reit') return 'realestate'
  // Alphanumeric codes (130A, since 2024) are new listings with no industry band: the digits decide.
  const number = Number.parseInt(code.slice(0, 4).replace(/[A-Z]/g, '0'), 10)
  let sector: Sector = 'consumer'
  for (const [first, band] of BANDS) {
    if (number < first) break
    sector = band
  }
  return sector
}
