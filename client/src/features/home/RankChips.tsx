import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { RANK_BYS, type RankBy } from '../../realtime/market-api'

const LABEL: Record<RankBy, ReactNode> = {
  gainers: <FormattedMessage id="quotes.rank.gainers" />,
  losers: <FormattedMessage id="quotes.rank.losers" />,
  volume: <FormattedMessage id="quotes.rank.volume" />,
  turnover: <FormattedMessage id="quotes.rank.turnover" />,
  cap: <FormattedMessage id="quotes.rank.cap" />,
}

/**
 * The ranking to list by, as a row of chips that scrolls sideways when narrow: MUI's Chips
 * (filled when chosen, outlined otherwise) as plain buttons (app.css `k-choice`).
 */
export function RankChips({ value, onChange }: { value: RankBy; onChange: (by: RankBy) => void }) {
  return (
    <div className="k-choices" role="tablist">
      {RANK_BYS.map((by) => (
        <button
          key={by}
          type="button"
          role="tab"
          className="k-choice"
          aria-selected={by === value}
          onClick={() => onChange(by)}
          data-testid={`rank-${by}`}
        >
          {LABEL[by]}
        </button>
      ))}
    </div>
  )
}
