/**
 * The fixed sector keys of the catalogue; the client translates them. Broad on purpose: a retail
 * app groups by these, not by a full GICS tree.
 */
export const SECTORS = [
  'tech',
  'semiconductors',
  'auto',
  'finance',
  'consumer',
  'health',
  'industrial',
  'energy',
  'materials',
  'telecom',
  'realestate',
  'utilities',
  'transport',
  // ETFs, ETNs and other listed funds: a Tokyo listing is often one of these, not a company.
  'fund',
  'index',
] as const

export type Sector = (typeof SECTORS)[number]
