/**
 * A code's cost basis in one account by the moving average of its purchases (総平均法に準ずる方法,
 * MARKET-RULES.md §10): the shares held and what they cost together (units, fees included).
 */
export interface CostBasis {
  shares: bigint
  cost: bigint
}

export const NO_SHARES: CostBasis = { shares: 0n, cost: 0n }

/** A purchase of `shares` for `cost` (price × shares + fee): the average moves. */
export function bought(basis: CostBasis, shares: bigint, cost: bigint): CostBasis {
  if (shares <= 0n || cost < 0n) throw new RangeError('a purchase has shares and a cost')
  return { shares: basis.shares + shares, cost: basis.cost + cost }
}

/**
 * A sale of `shares` out of `basis`: the cost they take with them at the average, rounded half up
 * to a unit, and what stays. The last share sold takes whatever cost is left, so the costs of all
 * the sales of a holding add up to what it cost, to the unit.
 */
export function sold(basis: CostBasis, shares: bigint): { cost: bigint; after: CostBasis } {
  if (shares <= 0n || shares > basis.shares) throw new RangeError('a sale of shares held')
  const cost =
    shares === basis.shares
      ? basis.cost
      : (basis.cost * shares * 2n + basis.shares) / (basis.shares * 2n)
  return { cost, after: { shares: basis.shares - shares, cost: basis.cost - cost } }
}

/**
 * A split (or reverse split) of `ratio` new shares per old one, as a fraction: the shares change,
 * their cost does not (MARKET-RULES.md §9). A fraction of a share left by a reverse split is sold for
 * cash in lieu by the caller, through `sold`, before this.
 */
export function splitBasis(basis: CostBasis, ratio: { num: bigint; den: bigint }): CostBasis {
  if (ratio.num <= 0n || ratio.den <= 0n) throw new RangeError('a split has a positive ratio')
  const shares = basis.shares * ratio.num
  if (shares % ratio.den !== 0n) throw new RangeError('a split leaves whole shares')
  return { shares: shares / ratio.den, cost: basis.cost }
}
