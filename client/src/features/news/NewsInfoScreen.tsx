import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import { fromPromise } from 'xstate'
import type { NewsArticle } from '@kabu/shared/api/news'
import { fetchNewsArticle } from '../../api/news'
import { translateServerMessage } from '../../i18n/intl'
import { detailMachine } from '../../state/detail.machine'
import { Header } from '../../ui/Header'
import { Loading } from '../../ui/Loading'
import { NewsMeta } from '../../ui/news/NewsMeta'
import { instrumentName, localName } from '../../ui/price/names'
import { stockPath } from '../../ui/price/use-open-stock'

const liveArticleMachine = detailMachine<NewsArticle>('newsArticle').provide({
  actors: { fetchItem: fromPromise(({ input }) => fetchNewsArticle(input.id)) },
})

/** /news/info?id=: one article in full, with a way to the stock it is about. */
export function NewsInfoScreen() {
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  return (
    <>
      <Header back title={<FormattedMessage id="news.article" />} />
      {/* The key restarts the machine when another article is opened in place. */}
      <Article key={id} id={id} />
    </>
  )
}

function Article({ id }: { id: string }) {
  const intl = useIntl()
  const [state, send] = useMachine(liveArticleMachine, { input: { id } })
  const { item: article, failure } = state.context

  if (state.hasTag('loading')) return <Loading />
  if (!article) {
    const reason = failure ?? 'network_error'
    // Another try cannot find an article that is not there.
    const retryable = reason !== 'not_found' && reason !== 'invalid_input'
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="error">{translateServerMessage(reason)}</Alert>
        {retryable && (
          <Button variant="outlined" onClick={() => send({ type: 'RETRY' })}>
            <FormattedMessage id="news.retry" />
          </Button>
        )}
        <Button component={RouterLink} to="/news/index">
          <FormattedMessage id="news.title" />
        </Button>
      </Stack>
    )
  }
  const paragraphs = localName(article.body, intl.locale).split(/\n\s*\n/)
  return (
    <Stack spacing={1.5} sx={{ p: 2 }} component="article" data-testid="news-article">
      <Chip
        size="small"
        label={<FormattedMessage id={`news.category.${article.category}`} />}
        sx={{ alignSelf: 'flex-start' }}
      />
      <Typography variant="h6" component="h2" data-testid="news-title">
        {localName(article.title, intl.locale)}
      </Typography>
      <NewsMeta item={article} />
      {paragraphs.map((text, i) => (
        <Typography
          key={i}
          variant="body1"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {text}
        </Typography>
      ))}
      {article.code && (
        <Button
          variant="outlined"
          component={RouterLink}
          to={stockPath(article.code)}
          data-testid="news-related-stock"
        >
          <FormattedMessage
            id="news.relatedStock"
            values={{ name: instrumentName(article.code, intl.locale) }}
          />
        </Button>
      )}
    </Stack>
  )
}
