import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { FigureRows } from '../../ui/FigureRows'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/names'
import { stateName, type FollowSend, type FollowState } from './use-follow'

const when = (at: number) => <FormattedDate value={at} dateStyle="medium" timeStyle="short" />

/**
 * One follow order as the machine holds it: its spec §4 state, the figures, each day's profit, and
 * the end (after the lock-up) with its confirmation.
 */
export function OrderCard({ state, send }: { state: FollowState; send: FollowSend }) {
  const intl = useIntl()
  const order = state.context.snapshot?.order
  if (!order) return null
  const money = (value: string) => formatMoney(value, order.currency, intl.locale)
  const following = state.matches('following')
  return (
    <Stack spacing={1} sx={{ p: 2 }} data-testid="follow-order" data-state={stateName(state)}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h6">{localName(order.name, intl.locale)}</Typography>
        <Chip
          data-testid="follow-order-state"
          label={<FormattedMessage id={`mine.followOrder.state.${order.state}`} />}
          color={
            order.state === 'ended' ? 'default' : order.state === 'locked' ? 'warning' : 'success'
          }
        />
      </Stack>
      <FigureRows
        rows={[
          { labelId: 'mine.followOrder.principal', value: money(order.principal) },
          {
            labelId: 'mine.followOrder.profit',
            value: money(order.profit),
            testId: 'follow-order-profit',
          },
          {
            labelId: 'mine.followOrder.money',
            value: money(order.money),
            testId: 'follow-order-money',
          },
          { labelId: 'mine.followOrder.maxProfit', value: money(order.max_profit) },
          { labelId: 'mine.followOrder.days', value: order.days, testId: 'follow-order-days' },
          { labelId: 'mine.followOrder.bought', value: when(order.created) },
          { labelId: 'mine.followOrder.lockUntil', value: when(order.lock_until) },
          { labelId: 'mine.followOrder.deadline', value: when(order.deadline) },
          ...(order.ended === null
            ? []
            : [
                {
                  labelId: `mine.followOrder.endReason.${order.end_reason ?? 'user'}`,
                  value: when(order.ended),
                },
              ]),
        ]}
      />
      {following && (
        <Button
          variant="contained"
          color="warning"
          onClick={() => send({ type: 'END' })}
          data-testid="follow-end"
        >
          <FormattedMessage id="mine.followOrder.end" />
        </Button>
      )}
      <ConfirmDialog
        open={state.hasTag('confirm')}
        busy={state.hasTag('busy')}
        error={state.context.error}
        titleId="mine.followOrder.end"
        testId="follow"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        <FormattedMessage id="mine.followOrder.endConfirm" values={{ money: money(order.money) }} />
      </ConfirmDialog>
      <Typography variant="subtitle2" sx={{ pt: 1 }}>
        <FormattedMessage id="mine.followOrder.accruals" />
      </Typography>
      {order.accruals && order.accruals.length > 0 ? (
        <List dense disablePadding data-testid="follow-accruals">
          {[...order.accruals].reverse().map((a) => (
            <ListItem key={a.day} divider sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2">{a.day}</Typography>
              <Typography variant="body2" color="error.main">
                +{money(a.amount)}
              </Typography>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id="mine.followOrder.noAccruals" />
        </Typography>
      )}
    </Stack>
  )
}
