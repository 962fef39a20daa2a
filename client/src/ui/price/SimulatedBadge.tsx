import Chip from '@mui/material/Chip'
import { FormattedMessage } from 'react-intl'
import { useFeedStatus } from '../../realtime'

/**
 * Says where the quotes on screen come from: "simulated data" while the simulator feeds them, or,
 * given the `code` of a stock fed by a real source (QUOTE_SOURCE poll or replay), that source's name.
 */
export function SimulatedBadge({ code }: { code?: string | undefined }) {
  const status = useFeedStatus()
  const real = code ? status?.realSources?.find((s) => s.codes.includes(code)) : undefined
  if (real) {
    return (
      <Chip
        data-testid="source-badge"
        size="small"
        color="info"
        variant="outlined"
        label={
          <FormattedMessage id={`market.source.${real.source}`} values={{ label: real.label }} />
        }
        sx={{ height: 22, fontSize: 11, maxWidth: 180 }}
      />
    )
  }
  if (!status?.simulated) return null
  return (
    <Chip
      data-testid="simulated-badge"
      size="small"
      color="warning"
      variant="outlined"
      label={<FormattedMessage id="market.simulated" />}
      sx={{ height: 22, fontSize: 11 }}
    />
  )
}
