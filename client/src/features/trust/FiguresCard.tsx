import type { TrustPanel } from '@kabu/shared/api/trust'
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined'
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedDate, FormattedMessage, FormattedTime, useIntl } from 'react-intl'
import { FigureRows } from '../../ui/FigureRows'
import { formatMoney } from '../../ui/money'
import { payoutSpeedText } from './payout-speed'

function Section(props: { titleId: string; testId: string; children: ReactNode }) {
  return (
    <Card variant="outlined" data-testid={props.testId}>
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            <FormattedMessage id={props.titleId} />
          </Typography>
          {props.children}
        </Stack>
      </CardContent>
    </Card>
  )
}

const Verdict = ({ ok, okId, notId }: { ok: boolean; okId: string; notId: string }) => (
  <Chip
    size="small"
    color={ok ? 'success' : 'error'}
    variant="outlined"
    icon={ok ? <CheckCircleOutlineIcon /> : <ErrorOutlineIcon />}
    label={<FormattedMessage id={ok ? okId : notId} />}
    sx={{ alignSelf: 'flex-start' }}
  />
)

/** Who runs the service, and the figures: reconciliation, product obligations, payout speed. */
export function FiguresCards({ panel }: { panel: TrustPanel }) {
  const intl = useIntl()
  const money = (v: string) => formatMoney(v, panel.currency, intl.locale)
  const r = panel.reconciliation
  const p = panel.product_obligations
  return (
    <>
      <Section titleId="mine.trust.operator.title" testId="trust-operator">
        {(
          [
            ['mine.trust.operator.name', panel.operator],
            ['mine.trust.operator.registration', panel.registration],
            ['mine.trust.operator.segregated', panel.segregated_account],
          ] as const
        ).map(([labelId, value]) => (
          // Sentences, not figures: the label above its text, which wraps at full width.
          <Stack key={labelId}>
            <Typography variant="caption" color="text.secondary">
              <FormattedMessage id={labelId} />
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {value}
            </Typography>
          </Stack>
        ))}
      </Section>
      <Section titleId="mine.trust.reconciliation.title" testId="trust-reconciliation">
        <Verdict
          ok={r.ok}
          okId="mine.trust.reconciliation.ok"
          notId="mine.trust.reconciliation.notOk"
        />
        <FigureRows
          rows={[
            {
              labelId: 'mine.trust.reconciliation.customers',
              value: money(r.customer_total),
              testId: 'trust-customer-total',
            },
            {
              labelId: 'mine.trust.reconciliation.segregated',
              value: money(r.segregated_total),
              testId: 'trust-segregated-total',
            },
            {
              labelId: 'mine.trust.reconciliation.checkedAt',
              value: (
                <>
                  <FormattedDate value={r.checked_at} /> <FormattedTime value={r.checked_at} />
                </>
              ),
            },
          ]}
        />
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id="mine.trust.reconciliation.hint" />
        </Typography>
      </Section>
      <Section titleId="mine.trust.products.title" testId="trust-products">
        <Verdict
          ok={p.covered}
          okId="mine.trust.products.covered"
          notId="mine.trust.products.short"
        />
        <FigureRows
          rows={[
            { labelId: 'mine.trust.products.owed', value: money(p.owed) },
            { labelId: 'mine.trust.products.funds', value: money(p.issuer_funds) },
          ]}
        />
      </Section>
      <Section titleId="mine.trust.payouts.title" testId="trust-payouts">
        <Typography variant="body2" data-testid="trust-median">
          <FormattedMessage {...payoutSpeedText(panel)} />
        </Typography>
      </Section>
    </>
  )
}
