import HighlightOffIcon from '@mui/icons-material/HighlightOff'
import TaskAltIcon from '@mui/icons-material/TaskAlt'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { MarketType } from '@kabu/shared/market/types'
import { FormattedMessage } from 'react-intl'
import { Link as RouterLink } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'

/**
 * After a confirmed short sale: opened (see the position, where it is bought back), or refused
 * with the server's reason in the user's language and a way back to the ticket.
 */
export function ShortOutcome({
  type,
  opened,
  positionId,
  error,
  onEdit,
  onClose,
}: {
  type: MarketType
  opened: boolean
  positionId: string | null
  error: string | null
  onEdit: () => void
  onClose: () => void
}) {
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center' }}
      role="status"
      data-testid="short-outcome"
      data-state={opened ? 'opened' : 'refused'}
    >
      {opened ? (
        <TaskAltIcon color="success" sx={{ fontSize: 56 }} />
      ) : (
        <HighlightOffIcon color="error" sx={{ fontSize: 56 }} />
      )}
      <Typography variant="h6" component="p" sx={{ textAlign: 'center' }}>
        <FormattedMessage
          id={opened ? 'stock.short.outcome.opened' : 'stock.short.outcome.refused'}
        />
      </Typography>
      {error && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }} data-testid="short-refusal">
          {translateServerMessage(error)}
        </Alert>
      )}
      {opened && positionId && (
        <Button
          component={RouterLink}
          to={`/position/info?type=${type}&id=${positionId}`}
          variant="contained"
          fullWidth
          data-testid="short-view-position"
        >
          <FormattedMessage id="stock.order.viewPosition" />
        </Button>
      )}
      {!opened && (
        <Button variant="contained" fullWidth onClick={onEdit} data-testid="short-edit">
          <FormattedMessage id="stock.short.edit" />
        </Button>
      )}
      <Button fullWidth onClick={onClose} data-testid="short-close">
        <FormattedMessage id="stock.short.close" />
      </Button>
    </Stack>
  )
}
