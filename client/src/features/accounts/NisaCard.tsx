import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { WireNisa } from '@kabu/shared/api/accounts'
import { FormattedMessage, useIntl } from 'react-intl'
import { formatMoney } from '../../ui/money'
import { RoomBar } from './RoomBar'

/**
 * The NISA account: opened with a confirmation, or its rooms as bars (the growth frame this year,
 * the lifetime room and its growth part, what comes back next year) and the つみたて投資枠 with the
 * reason this app cannot use it.
 */
export function NisaCard({ nisa, onOpen }: { nisa: WireNisa; onOpen: () => void }) {
  const intl = useIntl()
  const yen = (v: string) => formatMoney(v, 'JPY', intl.locale)
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="accounts-nisa">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        <FormattedMessage id="mine.accounts.nisa.title" />
      </Typography>
      {nisa.opened === null ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
            <FormattedMessage id="mine.accounts.nisa.none" />
          </Typography>
          <Button variant="contained" fullWidth onClick={onOpen} data-testid="accounts-nisa-open">
            <FormattedMessage id="mine.accounts.nisa.open" />
          </Button>
        </>
      ) : (
        <>
          <Typography variant="caption" color="text.secondary" data-testid="accounts-nisa-opened">
            <FormattedMessage id="mine.accounts.nisa.opened" values={{ date: nisa.opened }} />
          </Typography>
          <RoomBar
            testId="nisa-growth"
            label={
              <FormattedMessage id="mine.accounts.nisa.growthYear" values={{ year: nisa.year }} />
            }
            used={nisa.growth_used}
            limit={nisa.growth_limit}
            note={
              <FormattedMessage
                id="mine.accounts.nisa.room"
                values={{ room: yen(nisa.growth_room), reserved: yen(nisa.reserved) }}
              />
            }
          />
          <RoomBar
            testId="nisa-lifetime"
            label={<FormattedMessage id="mine.accounts.nisa.lifetime" />}
            used={nisa.lifetime_used}
            limit={nisa.lifetime_limit}
          />
          <RoomBar
            testId="nisa-growth-lifetime"
            label={<FormattedMessage id="mine.accounts.nisa.growthLifetime" />}
            used={nisa.growth_lifetime_used}
            limit={nisa.growth_lifetime_limit}
          />
          <RoomBar
            testId="nisa-returns"
            label={<FormattedMessage id="mine.accounts.nisa.returnsNextYear" />}
            used={nisa.returns_next_year}
            limit={nisa.lifetime_limit}
            note={<FormattedMessage id="mine.accounts.nisa.returnsHelp" />}
          />
          <RoomBar
            testId="nisa-tsumitate"
            label={
              <FormattedMessage id="mine.accounts.nisa.tsumitate" values={{ year: nisa.year }} />
            }
            used={nisa.tsumitate_used}
            limit={nisa.tsumitate_limit}
            note={<FormattedMessage id="mine.accounts.nisa.tsumitateNote" />}
          />
        </>
      )}
    </Paper>
  )
}
