import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useMachine } from '@xstate/react'
import { useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useSearchParams } from 'react-router-dom'
import { fromPromise } from 'xstate'
import { parseLocale } from '../../i18n/locale'
import { detailMachine } from '../../state/detail.machine'
import { Header } from '../../ui/Header'
import { LoadFailed } from '../../ui/LoadFailed'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { saveFile } from '../../ui/save-file'
import { fetchAnnualReportCsv, fetchAnnualReportHtml } from './tax.api'

// The page of one year in one language, keyed `year:lang`.
const liveReportMachine = detailMachine<string>('annual-report').provide({
  actors: {
    fetchItem: fromPromise(({ input }) => {
      const [year = '', lang = ''] = input.id.split(':')
      return fetchAnnualReportHtml(Number(year), parseLocale(lang))
    }),
  },
})

/**
 * /mine/taxReport?year=: the 年間取引報告書 as the gateway prints it (A4, print CSS), shown in a
 * frame with its print (the browser's print to PDF) and the CSV beside it.
 */
export function TaxReportScreen() {
  const [params] = useSearchParams()
  const year = params.get('year') ?? ''
  const intl = useIntl()
  return (
    <RequireSession>
      <Header back title={<FormattedMessage id="mine.tax.report" />} />
      <Report key={`${year}:${intl.locale}`} year={year} lang={intl.locale} />
    </RequireSession>
  )
}

function Report({ year, lang }: { year: string; lang: string }) {
  const intl = useIntl()
  const frame = useRef<HTMLIFrameElement>(null)
  const [state, send] = useMachine(liveReportMachine, { input: { id: `${year}:${lang}` } })
  const { item: page, failure } = state.context
  if (state.matches('loading')) return <Loading />
  if (page === null) return <LoadFailed error={failure} onRetry={() => send({ type: 'RETRY' })} />
  const downloadCsv = async () =>
    saveFile(await fetchAnnualReportCsv(Number(year)), `annual-report-${year}.csv`)
  return (
    <Stack spacing={1} sx={{ p: 1, height: 'calc(100dvh - 72px)' }}>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          data-testid="tax-report-print"
          onClick={() => frame.current?.contentWindow?.print()}
        >
          <FormattedMessage id="mine.tax.print" />
        </Button>
        <Button variant="outlined" data-testid="tax-report-csv" onClick={() => void downloadCsv()}>
          <FormattedMessage id="mine.tax.csv" />
        </Button>
      </Stack>
      <iframe
        ref={frame}
        // A screen reader names the frame by its title: the report and its year, not a bare number.
        title={`${intl.formatMessage({ id: 'mine.tax.report' })} ${year}`}
        srcDoc={page}
        data-testid="tax-report-frame"
        style={{ flex: 1, width: '100%', border: '1px solid #ccc', background: '#fff' }}
      />
    </Stack>
  )
}
