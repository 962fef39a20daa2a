import { FormattedMessage } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { Icon } from '../ui/plain/icons'

/**
 * The top bar of the tab screens: a search box that opens /quotes/search (spec §2). Plain
 * elements (app.css `k-topbar`, `k-search-box`), as ui/TopBar looks: it renders with every tab
 * screen.
 */
export function TopSearchBar() {
  const navigate = useNavigate()
  return (
    <header className="k-topbar">
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
    </header>
  )
}
