import Box from '@mui/material/Box'
import { FadeOutlet } from './FadeOutlet'

/** Full screens: each brings its own header (ui/Header); no tab menu. */
export function ScreenLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <FadeOutlet />
    </Box>
  )
}
