import { keyframes } from '@emotion/react'
import Box from '@mui/material/Box'
import { useLocation, useOutlet } from 'react-router-dom'
import { useDismissSplash } from './splash'

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

/**
 * The child route, faded in at every screen change (spec §2: all screens fade). Keyed by path only:
 * a screen that changes its own query (a search box) must not be remounted on every keystroke.
 * The first screen fades in as index.html's splash fades out over it.
 */
export function FadeOutlet() {
  useDismissSplash()
  const { pathname } = useLocation()
  const outlet = useOutlet()
  return (
    <Box
      key={pathname}
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        animation: `${fadeIn} 220ms ease-out`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      {outlet}
    </Box>
  )
}
