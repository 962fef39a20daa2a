import Chip from '@mui/material/Chip'
import { FormattedMessage } from 'react-intl'
import { useFeedStatus } from '../../realtime'

/** Says "simulated data" wherever quotes are shown while they come from the simulator. */
export function SimulatedBadge() {
  const status = useFeedStatus()
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
