import Box from '@mui/material/Box'
import { useMatches } from 'react-router-dom'
import { BottomTabs } from './BottomTabs'
import { FadeOutlet } from './FadeOutlet'
import { TopSearchBar } from './TopSearchBar'

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
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      {searchBar && <TopSearchBar />}
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <FadeOutlet />
      </Box>
      <BottomTabs />
    </Box>
  )
}
