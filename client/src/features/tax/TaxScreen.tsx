import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router-dom'
import { fromPromise } from 'xstate'
import type { WireTaxLine, WireTaxSummary } from '@kabu/shared/api/tax'
import { detailMachine } from '../../state/detail.machine'
import { EmptyState } from '../../ui/EmptyState'
import { FigureRows } from '../../ui/FigureRows'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { formatMoney } from '../../ui/money'
import { RequireSession } from '../../ui/RequireSession'
import { saveFile } from '../../ui/save-file'
import { SegmentTabs } from '../../ui/SegmentTabs'
import { fetchAnnualReportCsv, fetchTaxSummary } from './tax.api'

// One year's summary, loaded by the shared one-record machine keyed by the year.
const liveTaxMachine = detailMachine<WireTaxSummary>('tax').provide({
  actors: { fetchItem: fromPromise(({ input }) => fetchTaxSummary(Number(input.id))) },
})

/** The years the picker offers: this Tokyo year and the four before it. */
function yearsToPick(): string[] {
  const now = Number(new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 4))
  return [0, 1, 2, 3, 4].map((back) => String(now - back))
}

/**
 * /mine/tax: the taxable account's year (issue 36): gains, losses, dividends, the net the
 * withholding follows, national and local withheld, refunded, every line; the annual report opens
 * from here as a printable page or a CSV.
 */
export function TaxScreen() {
  const years = yearsToPick()
  const [year, setYear] = useState(years[0] ?? '2026')
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.tax.title" />} />
      <SegmentTabs
        value={year}
        onChange={setYear}
        scrollable
        aria-label="year"
        tabs={years.map((y) => ({ value: y, label: y, testId: `tax-year-${y}` }))}
      />
      <TaxYear key={year} year={year} />
    </RequireSession>
  )
}

function TaxYear({ year }: { year: string }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const [state, send] = useMachine(liveTaxMachine, { input: { id: year } })
  const { item: summary, failure } = state.context
  if (state.matches('loading')) return <Loading />
  if (!summary) return <LoadFailed error={failure} onRetry={() => send({ type: 'RETRY' })} />
  const money = (v: string) => formatMoney(v, 'JPY', intl.locale)
  const figures = [
    ['mine.tax.gains', summary.gains, 'tax-gains'],
    ['mine.tax.losses', summary.losses, 'tax-losses'],
    ['mine.tax.dividends', summary.dividends, 'tax-dividends'],
    ['mine.tax.net', summary.net, 'tax-net'],
    ['mine.tax.withheldNational', summary.withheld_national, 'tax-withheld-national'],
    ['mine.tax.withheldLocal', summary.withheld_local, 'tax-withheld-local'],
    ['mine.tax.refunded', summary.refunded, 'tax-refunded'],
  ].map(([labelId = '', value = '0', testId]) => ({ labelId, value: money(value), testId }))
  const downloadCsv = async () =>
    saveFile(await fetchAnnualReportCsv(Number(year)), `annual-report-${year}.csv`)
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="tax-summary">
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }} data-testid="tax-account">
          <FormattedMessage id={`mine.tax.account.${summary.account}`} />
        </Typography>
        <Stack spacing={0.5}>
          <FigureRows rows={figures} />
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          <FormattedMessage id="mine.tax.inYen" />
        </Typography>
      </Paper>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          data-testid="tax-report-open"
          onClick={() => void navigate(`/mine/taxReport?year=${year}`)}
        >
          <FormattedMessage id="mine.tax.report" />
        </Button>
        <Button variant="outlined" data-testid="tax-report-csv" onClick={() => void downloadCsv()}>
          <FormattedMessage id="mine.tax.csv" />
        </Button>
      </Stack>
      {summary.lines.length === 0 ? (
        <EmptyState text={<FormattedMessage id="mine.tax.empty" />} />
      ) : (
        <List data-testid="tax-lines" disablePadding>
          {summary.lines.map((line, i) => (
            <TaxLine key={`${line.at}-${i}`} line={line} money={money} />
          ))}
        </List>
      )}
    </Stack>
  )
}

function TaxLine({ line, money }: { line: WireTaxLine; money: (v: string) => string }) {
  const intl = useIntl()
  const at = intl.formatDate(line.at, { dateStyle: 'medium', timeZone: 'Asia/Tokyo' })
  return (
    <ListItem divider disableGutters data-testid="tax-line" sx={{ display: 'block' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="subtitle2">
          <FormattedMessage id={`mine.tax.kind.${line.kind}`} /> {line.code}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {at}
        </Typography>
      </Stack>
      <Typography variant="body2">
        <FormattedMessage id="mine.tax.amount" />: {money(line.amount)}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="tax-line-tax">
        <FormattedMessage id="mine.tax.lineTax" />: {money(line.tax)}
      </Typography>
    </ListItem>
  )
}
