import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { Icon } from '../ui/plain/icons'
import { TopBar } from '../ui/TopBar'

/**
 * The top bar of the tab screens: a search box that opens /quotes/search (spec §2). A plain
 * button (plain.css `k-search-box`): it renders with every tab screen.
 */
export function TopSearchBar() {
  const navigate = useNavigate()
  return (
    <TopBar toolbarSx={{ minHeight: 56, px: 1.5 }}>
      <button
        type="button"
        className="k-search-box"
        data-testid="top-search"
        onClick={() => navigate('/quotes/search')}
      >
        <Icon name="search" small />
        <span className="k-body2 k-nowrap">
          <FormattedMessage id="common.searchPlaceholder" />
        </span>
      </button>
    </TopBar>
  )
}
