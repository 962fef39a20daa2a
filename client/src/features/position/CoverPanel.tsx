import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { MARKET_OF_TYPE } from '@kabu/shared/market/types'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { FigureRows } from '../../ui/FigureRows'
import { formatMoney } from '../../ui/money'
import { localName } from '../../ui/price/names'
import { liveCoverMachine } from './cover.live'
import { coverEstimate } from './short-figures'
import { SignedMoney } from './SignedMoney'
import { PanelAction, TicketPanel, type PositionPanelProps } from './TicketPanel'
import { useAppConfig } from './use-app-config'

/**
 * A short's buy-to-cover (返済買い / 買埋) under its detail, in place of a holding's sell: what
 * buying it back at the live price should cost, its fee and the gain or loss it would realise,
 * then a confirmation that reads the order back in words. The gateway covers a short whole and at
 * the market; a refusal stays on screen, translated.
 */
export function CoverPanel({ h, type, currency, onChanged }: PositionPanelProps) {
  const intl = useIntl()
  const machine = useMemo(() => liveCoverMachine(type), [type])
  const [state, send] = useMachine(machine, { input: { id: h.id } })
  const config = useAppConfig()
  const covered = state.matches('covered')
  // Covered: the position is closed on the server; read it again to show it so.
  useEffect(() => {
    if (covered) onChanged()
  }, [covered, onChanged])

  const money = (v: string | undefined) => formatMoney(v, currency, intl.locale)
  // The gateway lists every short with its credit figures; without them it owes no borrow fees.
  const row = { ...h, credit: h.credit ?? { debt: '0', interest: '0' } }
  const estimate = coverEstimate(MARKET_OF_TYPE[type], row, h.nowprice, config ?? {})
  const busy = state.hasTag('busy')
  const rows = [
    { labelId: 'stock.short.cover.price', value: money(h.nowprice), testId: 'cover-price' },
    { labelId: 'stock.short.cover.cost', value: money(estimate?.cost), testId: 'cover-cost' },
    { labelId: 'stock.short.cover.fee', value: money(estimate?.fee), testId: 'cover-fee' },
    {
      labelId: 'stock.short.cover.realised',
      value: estimate ? (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          <SignedMoney value={estimate.realised} currency={currency} />
        </Box>
      ) : (
        '—'
      ),
      testId: 'cover-realised',
    },
    {
      labelId: 'stock.short.cover.returned',
      value: money(estimate?.returned),
      testId: 'cover-returned',
    },
  ]
  return (
    <TicketPanel
      testId="cover"
      machine={{ state, send }}
      heading={
        <Typography variant="subtitle2">
          <FormattedMessage id="stock.short.cover.title" />
        </Typography>
      }
      titleId="stock.short.cover.confirmTitle"
      confirmId="stock.short.cover.confirm"
      review={
        <>
          <Typography sx={{ fontWeight: 600 }} data-testid="cover-sentence">
            <FormattedMessage
              id="stock.short.cover.sentence"
              values={{
                code: h.code,
                name: localName(h.name, intl.locale),
                num: intl.formatNumber(h.stock_num),
              }}
            />
          </Typography>
          <FigureRows rows={rows.slice(1)} />
          <Typography variant="caption" color="text.secondary">
            <FormattedMessage id="stock.short.cover.note" />
          </Typography>
        </>
      }
    >
      {covered && (
        <Alert severity="success" data-testid="cover-done">
          <FormattedMessage id="stock.short.cover.done" />
        </Alert>
      )}
      {!covered && h.status === 0 && (
        <>
          <FigureRows rows={rows} />
          {estimate && estimate.shortfall !== '0' && (
            <Alert severity="warning" data-testid="cover-shortfall">
              <FormattedMessage
                id="stock.short.cover.shortfall"
                values={{ amount: money(estimate.shortfall) }}
              />
            </Alert>
          )}
          <Typography variant="caption" color="text.secondary">
            <FormattedMessage id="stock.short.cover.note" />
          </Typography>
          <PanelAction
            testId="cover"
            labelId="stock.short.cover.open"
            num={h.stock_num}
            disabled={busy}
            onClick={() => send({ type: 'COVER', order: { code: h.code, num: h.stock_num } })}
          />
        </>
      )}
    </TicketPanel>
  )
}
