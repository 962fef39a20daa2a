import Box from '@mui/material/Box'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Quote } from '@kabu/shared/market/types'
import { CompanyFacts } from './CompanyFacts'
import { OrderBook } from './OrderBook'
import { TimeAndSales } from './TimeAndSales'
import { SegmentTabs } from '../../ui/SegmentTabs'

const TABS = ['book', 'tape', 'company'] as const
type DepthTab = (typeof TABS)[number]

const LABEL: Record<DepthTab, string> = {
  book: 'stock.depth.tab.book',
  tape: 'stock.depth.tab.tape',
  company: 'stock.depth.tab.company',
}

/**
 * Below the chart: 板 / 歩み値 / 企業情報. Only the open tab is mounted, so the depth stream is
 * followed only while the book or the tape is on screen.
 */
export function DepthTabs({ quote }: { quote: Quote }) {
  const intl = useIntl()
  const [tab, setTab] = useState<DepthTab>('book')
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
      <SegmentTabs
        value={tab}
        onChange={setTab}
        aria-label={intl.formatMessage({ id: 'stock.depth.tabs' })}
        tabs={TABS.map((value) => ({
          value,
          label: <FormattedMessage id={LABEL[value]} />,
          testId: `stock-tab-${value}`,
        }))}
      />
      {tab === 'book' && <OrderBook quote={quote} />}
      {tab === 'tape' && <TimeAndSales quote={quote} />}
      {tab === 'company' && <CompanyFacts quote={quote} />}
    </Box>
  )
}
