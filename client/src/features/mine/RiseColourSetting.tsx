import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import Box from '@mui/material/Box'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { useSnapshot } from 'valtio'
import { preferences, setUpColor, type UpColor } from '../../state/preferences'

const SWATCH: Record<UpColor, string> = { red: '#e53935', green: '#2e9d4f' }
const other = (c: UpColor): UpColor => (c === 'red' ? 'green' : 'red')

/** Which colour a rise is drawn in: red (the Japanese and Chinese habit) or green (the US one). */
export function RiseColourSetting() {
  const { upColor } = useSnapshot(preferences)
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        <FormattedMessage id="mine.riseColour.title" />
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        value={upColor}
        onChange={(_, value: UpColor | null) => value && setUpColor(value)}
      >
        {(['red', 'green'] as const).map((c) => (
          <ToggleButton
            key={c}
            value={c}
            data-testid={`up-color-${c}`}
            sx={{ gap: 0.5, minHeight: 48 }}
          >
            <ArrowUpwardIcon fontSize="small" sx={{ color: SWATCH[c] }} />
            <ArrowDownwardIcon fontSize="small" sx={{ color: SWATCH[other(c)] }} />
            <FormattedMessage
              id={c === 'red' ? 'mine.riseColour.redUp' : 'mine.riseColour.greenUp'}
            />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  )
}
