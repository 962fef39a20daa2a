import type { MarketType } from '@kabu/shared/market/types'
import ListItemButton from '@mui/material/ListItemButton'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { EmptyState } from '../../ui/EmptyState'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/names'
import { useNewShares } from './use-new-shares'

/** Positions' "new shares": the user's applications in progress and ended, each to its offer. */
export function NewShares({ type }: { type: MarketType }) {
  const intl = useIntl()
  const [tab, setTab] = useState<'open' | 'ended'>('open')
  const { open, ended, failed, reload } = useNewShares(type)
  if (!open && failed) return <LoadFailed error="network_error" onRetry={reload} />
  if (!open || !ended) return <Loading />
  const rows = tab === 'open' ? open : ended
  return (
    <>
      <Tabs value={tab} onChange={(_, v: 'open' | 'ended') => setTab(v)} variant="fullWidth">
        <Tab
          value="open"
          data-testid="positions-ipo-open"
          label={<FormattedMessage id="stock.position.ipo.open" values={{ n: open.length }} />}
        />
        <Tab
          value="ended"
          data-testid="positions-ipo-ended"
          label={<FormattedMessage id="stock.position.ipo.ended" values={{ n: ended.length }} />}
        />
      </Tabs>
      <Stack data-testid={`positions-ipo-list-${tab}`}>
        {rows.length === 0 ? (
          <EmptyState />
        ) : (
          rows.map((row) => (
            <ListItemButton
              key={row.id}
              component={Link}
              to={`/home/newShareInfo?id=${row.offer_id}`}
              divider
            >
              <Stack sx={{ flex: 1 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {localName(row.name, intl.locale)} {row.code}
                  </Typography>
                  <Typography>
                    <FormattedMessage id={`home.ipo.status.${row.status}`} />
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  <FormattedMessage
                    id="home.ipo.record.line"
                    values={{
                      num: row.num,
                      won: row.won_num,
                      amount: formatMoney(row.rjmoney, row.currency, intl.locale),
                      pay: formatMoney(row.pay_amount, row.currency, intl.locale),
                    }}
                  />
                </Typography>
              </Stack>
            </ListItemButton>
          ))
        )}
      </Stack>
    </>
  )
}
