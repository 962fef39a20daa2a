import { useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { useLocation, useMatches } from 'react-router-dom'
import { applyAppStyles } from '../ui/plain/app-styles'
import { useOnFirstInput, whenIdle } from '../ui/when-idle'
import { BOTTOM_TABS, tabOfPath } from './bottom-tabs'
import { BottomTabs } from './BottomTabs'
import { FadeOutlet } from './FadeOutlet'
import { preloadGroup } from './preload-group'
import { TopSearchBar } from './TopSearchBar'

applyAppStyles()

/**
 * MUI's theme, for every screen but home (app/router): its code downloads once home is idle and
 * runs at the first tap, some 100 ms before the tap's click asks for a themed screen.
 */
const loadTheme = () => import('./ThemedLayout')
const preloadTheme = () => preloadGroup('theme')

/** A tab route may set `handle: { searchBar: false }` to show its own header instead. */
export interface TabRouteHandle {
  searchBar?: boolean
}

/**
 * Tab screens: the top search box, the screen, the bottom menu (spec §2 navigation). Plain
 * elements (app.css `k-tab-frame`): the frame renders with every tab screen.
 */
export function TabLayout() {
  const matches = useMatches()
  const searchBar = matches.every(
    (m) => (m.handle as TabRouteHandle | undefined)?.searchBar !== false,
  )
  const { pathname } = useLocation()
  useEffect(() => whenIdle(preloadTheme), [])
  useOnFirstInput(loadTheme)
  const tab = BOTTOM_TABS.find((t) => t.name === tabOfPath(pathname))
  return (
    <div className="k-tab-frame">
      {searchBar && <TopSearchBar />}
      <main className="k-tab-main">
        {/* The search box stands where a screen's title would: the title is the tab's name, said
            to a screen reader (the page's h1) and not shown, as the bottom menu already shows it. */}
        {searchBar && tab && (
          <h1 className="k-visually-hidden">
            <FormattedMessage id={tab.label} />
          </h1>
        )}
        <FadeOutlet />
      </main>
      <BottomTabs />
    </div>
  )
}
