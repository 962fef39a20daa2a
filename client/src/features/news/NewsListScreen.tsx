import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { NEWS_CATEGORIES, type NewsCategory } from '@kabu/shared/api/news'
import { useMachine } from '@xstate/react'
import { FormattedMessage } from 'react-intl'
import { useSearchParams } from 'react-router-dom'
import { translateServerMessage } from '../../i18n/intl'
import { EmptyState } from '../../ui/EmptyState'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { PullToRefresh } from '../../ui/PullToRefresh'
import { NewsCategoryTabs } from './NewsCategoryTabs'
import { NewsRows } from './NewsRows'
import { useEndOfList } from './use-end-of-list'
import { liveNewsListMachine } from './news-list.live'

const categoryParam = (value: string | null): NewsCategory | null =>
  NEWS_CATEGORIES.find((c) => c === value) ?? null

/** /news/index: news by category tab, newest first, more as the reader scrolls. */
export function NewsListScreen() {
  // The tab is in the address, so coming back from an article returns to it.
  const [params, setParams] = useSearchParams()
  const [state, send] = useMachine(liveNewsListMachine, {
    input: { category: categoryParam(params.get('category')) },
  })
  const { category, items, failure } = state.context
  const choose = (next: NewsCategory | null) => {
    setParams(next ? { category: next } : {}, { replace: true })
    send({ type: 'CATEGORY', category: next })
  }
  return (
    <>
      <Header back title={<FormattedMessage id="news.title" />} />
      <NewsCategoryTabs value={category} onChange={choose} />
      <PullToRefresh
        onRefresh={() => send({ type: 'REFRESH' })}
        refreshing={state.hasTag('refreshing')}
      >
        {state.hasTag('loading') ? (
          <Loading />
        ) : state.hasTag('failed') ? (
          <Stack spacing={2} sx={{ p: 2 }}>
            <Alert severity="error">
              <FormattedMessage id="news.failed" />
              {failure ? ` ${translateServerMessage(failure)}` : null}
            </Alert>
            <Button variant="outlined" onClick={() => send({ type: 'RETRY' })}>
              <FormattedMessage id="news.retry" />
            </Button>
          </Stack>
        ) : state.hasTag('empty') ? (
          <EmptyState text={<FormattedMessage id="news.empty" />} />
        ) : (
          <>
            <NewsRows items={items} />
            <ListEnd
              hasMore={state.can({ type: 'LOAD_MORE' }) || state.hasTag('loadingMore')}
              loading={state.hasTag('loadingMore')}
              onMore={() => send({ type: 'LOAD_MORE' })}
            />
          </>
        )}
      </PullToRefresh>
    </>
  )
}

/** Under the list: loads the next page on sight (a button too, for keyboards), or says "no more". */
function ListEnd(props: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const end = useEndOfList(props.onMore)
  if (!props.hasMore) {
    return (
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', p: 2 }}
        align="center"
      >
        <FormattedMessage id="news.end" />
      </Typography>
    )
  }
  return (
    <Box ref={end} sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
      {props.loading ? (
        <Loading />
      ) : (
        <Button data-testid="news-load-more" onClick={props.onMore}>
          <FormattedMessage id="news.loadMore" />
        </Button>
      )}
    </Box>
  )
}
