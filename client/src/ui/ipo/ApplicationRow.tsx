import type { IpoApplication } from '@kabu/shared/api/ipo'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { formatMoney } from '../money'
import { localName } from '../price/names'

/**
 * One application: the offer, its status, shares asked and won, and the amounts; a failed one
 * (status 5, the offer withdrawn) says why.
 */
export function ApplicationRow({ row }: { row: IpoApplication }) {
  const intl = useIntl()
  const money = (value: string) => formatMoney(value, row.currency, intl.locale)
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={`/home/newShareInfo?id=${row.offer_id}`}
        divider
        data-testid={`ipo-application-${row.id}`}
      >
        <Stack sx={{ flex: 1, gap: 0.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {localName(row.name, intl.locale)} {row.code}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid={`ipo-application-status-${row.id}`}>
              <FormattedMessage id={`home.ipo.status.${row.status}`} />
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage
              id="home.ipo.record.line"
              values={{
                num: row.num,
                won: row.won_num,
                amount: money(row.rjmoney),
                pay: money(row.pay_amount),
              }}
            />
          </Typography>
          {row.status === 5 && row.reason && (
            <Typography
              variant="body2"
              color="warning.main"
              data-testid={`ipo-application-reason-${row.id}`}
            >
              <FormattedMessage id="home.ipo.record.reason" values={{ reason: row.reason }} />
            </Typography>
          )}
        </Stack>
      </ListItemButton>
    </ListItem>
  )
}
