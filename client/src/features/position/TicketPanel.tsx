import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import type { WireHolding } from '@kabu/shared/api/trade'
import type { MarketType } from '@kabu/shared/market/types'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { ConfirmDialog } from '../../ui/ConfirmDialog'

/** What a panel under a position's detail is given: the row, its wallet, a way to read it anew. */
export interface PositionPanelProps {
  h: WireHolding
  type: MarketType
  currency: string
  /** The row changed on the server: read it again. */
  onChanged: () => void
}

/** What the frame reads of a panel's machine (sell.machine.ts, cover.machine.ts). */
interface PanelMachine {
  state: { value: unknown; context: { error: string | null }; hasTag: (tag: string) => boolean }
  send: (event: { type: 'CONFIRM' } | { type: 'CANCEL' }) => void
}

/**
 * The frame of a ticket under a position's detail (the sell, the cover): the machine's state on
 * the panel, the refusal of the last try, the panel's own content, then the confirmation that reads
 * the order back. Test ids are `<testId>-panel`, `-error`, `-confirmation` and the dialog's.
 */
export function TicketPanel({
  testId,
  machine: { state, send },
  heading,
  titleId,
  confirmId,
  review,
  children,
}: {
  testId: string
  machine: PanelMachine
  heading?: ReactNode
  /** The confirmation's title and its confirm button's label. */
  titleId: string
  confirmId: string
  review: ReactNode
  children: ReactNode
}) {
  const { error } = state.context
  return (
    <Stack
      spacing={1.5}
      sx={{ p: 2 }}
      data-testid={`${testId}-panel`}
      data-state={String(state.value)}
    >
      {heading}
      {error && (
        <Alert severity="error" data-testid={`${testId}-error`}>
          {translateServerMessage(error)}
        </Alert>
      )}
      {children}
      <ConfirmDialog
        open={state.hasTag('confirm')}
        titleId={titleId}
        busy={state.hasTag('busy')}
        // A refusal shows on the panel (`<testId>-error`), where the machine goes back to.
        error={null}
        testId={testId}
        dialogTestId={`${testId}-confirmation`}
        confirmId={confirmId}
        cancelId="stock.order.back"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      >
        {review}
      </ConfirmDialog>
    </Stack>
  )
}

/** The panel's one big button: sell or cover the position's `num` shares (`<testId>-open`). */
export function PanelAction({
  testId,
  labelId,
  num,
  disabled,
  onClick,
}: {
  testId: string
  labelId: string
  num: number
  disabled: boolean
  onClick: () => void
}) {
  const intl = useIntl()
  return (
    <Button
      variant="contained"
      size="large"
      disabled={disabled}
      onClick={onClick}
      data-testid={`${testId}-open`}
    >
      <FormattedMessage id={labelId} values={{ n: intl.formatNumber(num) }} />
    </Button>
  )
}
