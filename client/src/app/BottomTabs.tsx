import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined'
import CandlestickChartOutlinedIcon from '@mui/icons-material/CandlestickChartOutlined'
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined'
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined'
import Badge from '@mui/material/Badge'
import BottomNavigation from '@mui/material/BottomNavigation'
import BottomNavigationAction from '@mui/material/BottomNavigationAction'
import Paper from '@mui/material/Paper'
import type { ReactElement } from 'react'
import { useIntl } from 'react-intl'
import { useLocation, useNavigate } from 'react-router-dom'
import { useUnreadCount } from '../features/messages/unread'
import { isRouteRegistered } from '../state/route-registry'
import { BOTTOM_TABS, tabOfPath, type BottomTabName } from './bottom-tabs'

const ICONS: Record<BottomTabName, ReactElement> = {
  home: <HomeOutlinedIcon />,
  quotes: <CandlestickChartOutlinedIcon />,
  positions: <AccountBalanceWalletOutlinedIcon />,
  mine: <AccountCircleOutlinedIcon />,
}

/** The bottom menu. A tab whose screen is not registered yet is shown, disabled. */
export function BottomTabs() {
  const intl = useIntl()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const unread = useUnreadCount()

  return (
    <Paper
      component="nav"
      aria-label={intl.formatMessage({ id: 'common.tab.menu' })}
      square
      elevation={0}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: (t) => t.zIndex.appBar,
        borderTop: 1,
        borderColor: 'divider',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation showLabels value={tabOfPath(pathname)} sx={{ height: 58 }}>
        {BOTTOM_TABS.map((tab) => (
          <BottomNavigationAction
            key={tab.name}
            value={tab.name}
            data-testid={`tab-${tab.name}`}
            label={intl.formatMessage({ id: tab.label })}
            icon={
              tab.name === 'mine' ? (
                <Badge color="error" badgeContent={unread} max={99} data-testid="tab-mine-unread">
                  {ICONS.mine}
                </Badge>
              ) : (
                ICONS[tab.name]
              )
            }
            disabled={!isRouteRegistered(tab.path)}
            onClick={() => pathname !== tab.path && navigate(tab.path)}
            sx={{ '&.Mui-disabled': { opacity: 0.38 } }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  )
}
