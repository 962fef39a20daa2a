import Stack from '@mui/material/Stack'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { session } from '../../state/session-view'
import { sessionActor } from '../../state/session-actor'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { RequireSession } from '../../ui/RequireSession'
import { AccountCard } from './AccountCard'
import { BalanceCard } from './BalanceCard'
import { MoneyTiles } from './MoneyTiles'
import { SettingsCard } from './SettingsCard'
import { UserPanel } from './UserPanel'

/** /mine/index: the account, its balance per market, the money tiles, settings and the side panel. */
export function MineScreen() {
  return (
    <RequireSession>
      <Mine />
    </RequireSession>
  )
}

function Mine() {
  const [panelOpen, setPanelOpen] = useState(false)
  const { account, userinfo } = useSnapshot(session)
  const loading = useSelector(sessionActor, (s) => s.hasTag('loadingUserinfo'))
  const unavailable = useSelector(sessionActor, (s) => s.hasTag('userinfoUnavailable'))
  const marketType = useSelector(sessionActor, (s) => s.context.marketType)
  const refresh = () => sessionActor.send({ type: 'REFRESH' })

  return (
    <PullToRefresh onRefresh={refresh} refreshing={loading && userinfo !== null}>
      <Stack spacing={1.5} sx={{ p: 1.5 }}>
        <AccountCard
          account={account ?? ''}
          verified={userinfo?.verified}
          onOpenPanel={() => setPanelOpen(true)}
        />
        <BalanceCard
          userinfo={userinfo}
          marketType={marketType}
          loading={loading}
          unavailable={unavailable}
          onSelectMarket={(type) => sessionActor.send({ type: 'REFRESH', marketType: type })}
          onRetry={refresh}
        />
        <MoneyTiles />
        <SettingsCard />
      </Stack>
      <UserPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
    </PullToRefresh>
  )
}
