import { FormattedMessage } from 'react-intl'
import { useFeedStatus } from '../../realtime'

/**
 * Says where the quotes on screen come from: "simulated data" while the simulator feeds them, or,
 * given the `code` of a stock fed by a real source (QUOTE_SOURCE poll, replay, kabustation, alpaca),
 * that source's name, or that it is delayed (a streaming feed's code past its symbol limit).
 * MUI's small outlined Chip as a plain label (app.css `k-chip`): home shows it in its first screen
 * and on every news line.
 */
export function SimulatedBadge({ code }: { code?: string | undefined }) {
  const status = useFeedStatus()
  const real = code ? status?.realSources?.find((s) => s.codes.includes(code)) : undefined
  if (real) {
    const delayed = code !== undefined && real.delayed?.includes(code)
    return (
      <span data-testid="source-badge" className="k-chip k-chip-info">
        {/* A code past a feed's symbol limit is read from its REST board in turn: say so. */}
        <FormattedMessage
          id={delayed ? 'market.source.delayed' : `market.source.${real.source}`}
          values={{ label: real.label }}
        />
      </span>
    )
  }
  if (!status?.simulated) return null
  return (
    <span data-testid="simulated-badge" className="k-chip">
      <FormattedMessage id="market.simulated" />
    </span>
  )
}
