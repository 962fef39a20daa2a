import type { AlertItem } from '@kabu/shared/api/alerts'
import { CURRENCY_OF_MARKET } from '@kabu/shared/market/types'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined'
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined'
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { formatMoney } from '../../ui/money'
import { conditionInWords } from './alert-words'

const STATUS_COLOUR = { active: 'primary', triggered: 'success', paused: 'default' } as const

/** One alert: its condition in words (a link to the stock), its state, the last firing, actions. */
export function AlertRow({
  item,
  busy,
  onPause,
  onDelete,
}: {
  item: AlertItem
  busy: boolean
  onPause: (paused: boolean) => void
  onDelete: () => void
}) {
  const intl = useIntl()
  const waiting = item.status === 'active' && !item.armed
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
      data-testid={`alert-${item.id}`}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/quotes/info?code=${item.code}`}
          underline="none"
          color="inherit"
        >
          <Typography variant="body1">{conditionInWords(intl, item)}</Typography>
        </Link>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color={STATUS_COLOUR[item.status]}
            label={
              <FormattedMessage
                id={waiting ? 'mine.alerts.status.waiting' : `mine.alerts.status.${item.status}`}
              />
            }
            data-testid={`alert-status-${item.id}`}
          />
          {item.repeat && (
            <Chip
              size="small"
              variant="outlined"
              label={<FormattedMessage id="mine.alerts.repeat" />}
            />
          )}
          {item.fired_at !== null && item.fired_price !== null && (
            <Typography variant="caption" color="text.secondary">
              <FormattedMessage
                id="mine.alerts.firedAt"
                values={{
                  price: formatMoney(
                    item.fired_price,
                    CURRENCY_OF_MARKET[item.market],
                    intl.locale,
                  ),
                  time: intl.formatDate(item.fired_at, { dateStyle: 'short', timeStyle: 'short' }),
                  count: item.fired,
                }}
              />
            </Typography>
          )}
        </Box>
      </Box>
      <IconButton
        disabled={busy}
        onClick={() => onPause(item.status === 'active')}
        aria-label={intl.formatMessage({
          id: item.status === 'active' ? 'mine.alerts.pause' : 'mine.alerts.resume',
        })}
        data-testid={`alert-pause-${item.id}`}
      >
        {item.status === 'active' ? <PauseCircleOutlineIcon /> : <PlayCircleOutlineIcon />}
      </IconButton>
      <IconButton
        disabled={busy}
        onClick={onDelete}
        aria-label={intl.formatMessage({ id: 'mine.alerts.delete' })}
        data-testid={`alert-delete-${item.id}`}
      >
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  )
}
