/** Short selling (売建) and buying to cover (買埋): the stock page's short sheet, the position's. */
export default {
  'stock.position.side.short': 'Short',
  'stock.position.short.openTime': 'Sold short at',
  'stock.position.short.quantity': 'Shares sold short',
  'stock.position.short.openPrice': 'Sale price',
  'stock.position.short.openFee': 'Sale fee',
  'stock.position.short.marketValue': 'Cost to buy back (at market)',
  'stock.position.short.coverPrice': 'Cover price',
  'stock.position.short.coverTime': 'Covered at',
  'stock.position.short.coverFee': 'Cover fee',
  'stock.short.cover.title': 'Buy to cover',
  'stock.short.cover.price': 'Price now',
  'stock.short.cover.cost': 'Cost to cover (est.)',
  'stock.short.cover.fee': 'Buy fee (est.)',
  'stock.short.cover.realised': 'Realised P/L (est.)',
  'stock.short.cover.returned': 'Back to your available cash (est.)',
  'stock.short.cover.shortfall':
    'Bought back at this price, a loss of {amount} beyond the margin and the proceeds stays owed.',
  'stock.short.cover.note':
    'The whole position is bought back at the market. The realised P/L is after both fees and the borrow fees so far. The fill price may differ from the price now; the actual amounts settle at the fill.',
  'stock.short.cover.open': 'Buy back {n} shares to cover',
  'stock.short.cover.confirmTitle': 'Confirm the buy to cover',
  'stock.short.cover.confirm': 'Buy back',
  'stock.short.cover.sentence': 'Buy back {num} shares of {code} {name} at the market to cover',
  'stock.short.cover.done':
    'Bought back. The margin and the gain or loss are in your available cash',
  'stock.credit.panel.shortTitle': 'Short ×{n}',
  'stock.credit.panel.borrowFeesOwed': 'Borrow fees owed',
  'stock.credit.panel.borrowFees': 'Borrow fees so far',
  'stock.credit.panel.marginHeld': 'Margin held',
  'stock.credit.panel.liquidated.short':
    'The margin call was not met by its deadline: the short was bought back at the market.',
  'stock.credit.trust.confirm.short':
    'Add {amount} of trust funds? They are held now and join this short’s margin once reviewed.',
  'stock.credit.trust.applied.short': 'The trust funds joined this short’s margin.',
  'stock.credit.trust.note.short':
    'Trust funds join the short’s margin and raise its maintenance ratio (up to its proceeds).',
  'stock.short.open': 'Sell short',
  'stock.short.title': 'Short sale on credit',
  'stock.short.leverage': 'Leverage (margin = proceeds ÷ leverage)',
  'stock.short.times': '×{n}',
  'stock.short.proceeds': 'Proceeds (est.)',
  'stock.short.margin': 'Margin held',
  'stock.short.fee': 'Sale fee',
  'stock.short.total': 'Cash needed (margin + fee)',
  'stock.short.borrowFee':
    'Borrow fee: {rate} a year on the proceeds, accrued each calendar day (about {day} a day)',
  'stock.short.call':
    'When (proceeds + margin − cost to buy back − borrow fees) ÷ cost to buy back falls under {ratio}, a margin call follows; unmet within {days} days, the short is bought back at the market.',
  'stock.short.priceRule':
    'Short-sale price restriction: once a stock has fallen {fall} or more below its base price (the previous close), shorts of more than {units} trading units are refused for the rest of that day and the next trading day.',
  'stock.short.marketOnly':
    'A short sale fills at once at the market. It is closed by buying back all of it, and needs a verified identity.',
  'stock.short.confirmTitle': 'Confirm the short sale',
  'stock.short.sentence':
    'Sell short {num} shares of {code} {name} at the market (credit ×{leverage})',
  'stock.short.reviewNote':
    'You borrow the shares and sell them. The proceeds stay with the lender as collateral; you pay the margin and the fee now. A rise in the price is your loss; you close the short by buying back.',
  'stock.short.confirm': 'Sell short',
  'stock.short.outcome.opened': 'Filled: your short position is open',
  'stock.short.outcome.refused': 'The short sale was not accepted',
  'stock.short.edit': 'Change the order',
  'stock.short.close': 'Close',
} satisfies Record<string, string>
