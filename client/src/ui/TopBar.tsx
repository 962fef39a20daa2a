import AppBar from '@mui/material/AppBar'
import type { SxProps, Theme } from '@mui/material/styles'
import Toolbar from '@mui/material/Toolbar'
import type { ReactNode } from 'react'

/**
 * The bar at the top of a screen: it stays in view while the screen scrolls under it, flat on the
 * page's own colour with a hairline under it.
 */
export function TopBar({
  toolbarSx,
  children,
}: {
  toolbarSx: SxProps<Theme>
  children: ReactNode
}) {
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar variant="dense" sx={toolbarSx}>
        {children}
      </Toolbar>
    </AppBar>
  )
}
