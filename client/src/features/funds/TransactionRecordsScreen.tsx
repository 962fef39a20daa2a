import type { FundLine } from '@kabu/shared/api/ledger'
import type { MarketType } from '@kabu/shared/market/types'
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { RequireSession } from '../../ui/RequireSession'
import { downloadText, FUND_KINDS, toCsv } from './fund-records'
import { ALL_DAYS, type DayRange } from './day-range'
import { DayRangeFields } from './DayRangeFields'
import { FundLineRow } from './FundLineRow'
import { MarketTypeTabs } from '../../ui/MarketTypeTabs'
import { useFundLines } from './use-fund-lines'

/** /mine/transactionRecords: every ledger line of the user, by wallet and kind, paged, as CSV. */
export function TransactionRecordsScreen() {
  const intl = useIntl()
  const [type, setType] = useState<MarketType>('jpy')
  const [kind, setKind] = useState<string | undefined>()
  const [days, setDays] = useState<DayRange>(ALL_DAYS)
  const records = useFundLines(type, kind, days)
  const kindLabel = (k: string) =>
    `mine.funds.kind.${k}` in intl.messages ? intl.formatMessage({ id: `mine.funds.kind.${k}` }) : k
  const exportCsv = () =>
    downloadText(
      toCsv(records.lines, kindLabel),
      `fund-records-${type}-${kind ?? 'all'}${days.from || days.to ? `-${days.from}_${days.to}` : ''}.csv`,
    )

  return (
    <RequireSession>
      <Header
        back
        title={<FormattedMessage id="mine.funds.records.title" />}
        right={
          <IconButton
            onClick={exportCsv}
            disabled={records.lines.length === 0}
            aria-label={intl.formatMessage({ id: 'mine.funds.records.export' })}
            data-testid="records-export"
          >
            <FileDownloadOutlinedIcon />
          </IconButton>
        }
      />
      <MarketTypeTabs of="wallet" testIdPrefix="market-" value={type} onChange={setType} />
      <Stack direction="row" spacing={1} sx={{ p: 1.5, overflowX: 'auto' }}>
        {[undefined, ...FUND_KINDS].map((k) => (
          <Chip
            key={k ?? 'all'}
            label={k ? kindLabel(k) : intl.formatMessage({ id: 'mine.funds.kind.all' })}
            color={k === kind ? 'primary' : 'default'}
            onClick={() => setKind(k)}
            data-testid={`records-kind-${k ?? 'all'}`}
          />
        ))}
      </Stack>
      <DayRangeFields value={days} onChange={setDays} />
      <Lines records={records} kindLabel={kindLabel} />
    </RequireSession>
  )
}

function Lines({
  records,
  kindLabel,
}: {
  records: ReturnType<typeof useFundLines>
  kindLabel: (kind: string) => string
}) {
  if (records.error && records.lines.length === 0) {
    return <Alert severity="error">{translateServerMessage(records.error)}</Alert>
  }
  if (records.loading && records.lines.length === 0) return <Loading />
  if (records.lines.length === 0) return <EmptyState />
  return (
    <Box sx={{ px: 2, pb: 4 }} data-testid="records-list">
      {records.lines.map((line: FundLine, i) => (
        <FundLineRow key={`${line.order_no}-${line.book}-${i}`} line={line} kindLabel={kindLabel} />
      ))}
      {records.hasMore && (
        <Button
          fullWidth
          onClick={records.loadMore}
          disabled={records.loading}
          data-testid="records-more"
        >
          <FormattedMessage id="mine.funds.records.more" />
        </Button>
      )}
    </Box>
  )
}
