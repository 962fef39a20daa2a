import { useIntl } from 'react-intl'
import { useLocation, useNavigate } from 'react-router-dom'
import { useAlertToasts } from '../features/alerts/alert-toast'
import { useUnreadCount } from '../features/messages/unread'
import { useUnreadNotifications } from '../features/notifications/unread'
import { useAccountStatusNotice } from '../features/mine/account-status'
import { isRouteRegistered } from '../state/route-registry'
import { Icon, type IconName } from '../ui/plain/icons'
import { BOTTOM_TABS, tabOfPath, type BottomTabName } from './bottom-tabs'

const ICONS: Record<BottomTabName, IconName> = {
  home: 'home',
  quotes: 'candlestick',
  positions: 'wallet',
  mine: 'account',
}

/** MUI's Badge `max`: a larger count shows as "99+". */
const MAX_UNREAD = 99

/**
 * The bottom menu, on every tab screen: plain buttons (app.css `k-tab`), as MUI's
 * BottomNavigation drew them, without four ripple-bearing styled buttons, their icons and a badge
 * to render with each tab screen. A tab whose screen is not registered yet is shown, disabled.
 */
export function BottomTabs() {
  const intl = useIntl()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  // Unread messages and unread notifications: what waits for the user under Mine.
  const unread = useUnreadCount() + useUnreadNotifications()
  useAccountStatusNotice()
  useAlertToasts()
  const current = tabOfPath(pathname)

  return (
    <nav className="k-tabs" aria-label={intl.formatMessage({ id: 'common.tab.menu' })}>
      {BOTTOM_TABS.map((tab) => (
        <button
          key={tab.name}
          type="button"
          className="k-tab"
          data-testid={`tab-${tab.name}`}
          aria-current={tab.name === current ? 'page' : undefined}
          disabled={!isRouteRegistered(tab.path)}
          onClick={() => pathname !== tab.path && navigate(tab.path)}
        >
          <span className="k-tab-icon">
            <Icon name={ICONS[tab.name]} />
            {tab.name === 'mine' && unread > 0 && (
              <span className="k-badge" data-testid="tab-mine-unread">
                {unread > MAX_UNREAD ? `${MAX_UNREAD}+` : unread}
              </span>
            )}
          </span>
          <span className="k-tab-label">{intl.formatMessage({ id: tab.label })}</span>
        </button>
      ))}
    </nav>
  )
}
