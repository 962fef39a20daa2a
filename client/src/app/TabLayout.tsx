import Box from '@mui/material/Box'
import { FormattedMessage } from 'react-intl'
import { useLocation, useMatches } from 'react-router-dom'
import { BOTTOM_TABS, tabOfPath } from './bottom-tabs'
import { BottomTabs } from './BottomTabs'
import { FadeOutlet } from './FadeOutlet'
import { TopSearchBar } from './TopSearchBar'

// Off screen but read: the usual clip pattern (what MUI's own visuallyHidden does).
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  m: -0.125,
} as const

/** A tab route may set `handle: { searchBar: false }` to show its own header instead. */
export interface TabRouteHandle {
  searchBar?: boolean
}

/** Tab screens: the top search box, the screen, the bottom menu (spec §2 navigation). */
export function TabLayout() {
  const matches = useMatches()
  const searchBar = matches.every(
    (m) => (m.handle as TabRouteHandle | undefined)?.searchBar !== false,
  )
  const { pathname } = useLocation()
  const tab = BOTTOM_TABS.find((t) => t.name === tabOfPath(pathname))
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      {searchBar && <TopSearchBar />}
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {/* The search box stands where a screen's title would: the title is the tab's name, said
            to a screen reader (the page's h1) and not shown, as the bottom menu already shows it. */}
        {searchBar && tab && (
          <Box component="h1" sx={visuallyHidden}>
            <FormattedMessage id={tab.label} />
          </Box>
        )}
        <FadeOutlet />
      </Box>
      <BottomTabs />
    </Box>
  )
}
