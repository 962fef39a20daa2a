import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { NEWS_CATEGORIES, NEWS_PAGE_SIZE, type OpsNews } from '@kabu/shared/api/news'
import { localName } from '../../ui/price/local-name'
import { listNews, publishNews } from '../content.api'
import { LoadState } from '../ui/LoadState'
import { useNotice } from '../ui/Notice'
import { AdminOnly } from '../ui/AdminOnly'
import { OpsForm, type FieldSpec, type FormValues } from '../ui/OpsForm'
import { Pager } from '../ui/Pager'
import { useLoad } from '../use-load'

const LANGS = ['ja', 'zh', 'en'] as const
type Lang = (typeof LANGS)[number]
type Field = 'category' | 'code' | `${'title' | 'summary' | 'body'}_${Lang}`

const START = {
  category: 'notice',
  code: '',
  ...Object.fromEntries(
    LANGS.flatMap((l) => [`title_${l}`, `summary_${l}`, `body_${l}`].map((k) => [k, ''])),
  ),
} as FormValues<Field>

const inLangs = (v: FormValues<Field>, part: 'title' | 'summary' | 'body') => ({
  ja: v[`${part}_ja`],
  zh: v[`${part}_zh`],
  en: v[`${part}_en`],
})

/** The article's body: the summary only when every language has one (else the gateway makes it). */
function newsBody(v: FormValues<Field>): OpsNews {
  const summary = inLangs(v, 'summary')
  return {
    category: v.category as OpsNews['category'],
    ...(v.code.trim() === '' ? {} : { code: v.code.trim() }),
    title: inLangs(v, 'title'),
    ...(Object.values(summary).every((s) => s.trim() !== '') ? { summary } : {}),
    body: inLangs(v, 'body'),
  }
}

/** The news desk: an article published in the three languages, and every article, newest first. */
export default function NewsPage() {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `console.${id}` }, values)
  const [page, setPage] = useState(1)
  const news = useLoad(`news:${page}`, () => listNews(page))
  const notice = useNotice()

  const perLang = (l: Lang): FieldSpec<Field>[] => {
    const label = (part: string) => t('inLang', { field: t(`news.${part}`), lang: t(`lang.${l}`) })
    return [
      { name: `title_${l}`, label: label('title'), required: true, wide: true, maxLength: 200 },
      { name: `summary_${l}`, label: label('summary'), kind: 'long', wide: true, maxLength: 500 },
      { name: `body_${l}`, label: label('body'), kind: 'long', wide: true, required: true },
    ]
  }
  const fields: FieldSpec<Field>[] = [
    {
      name: 'category',
      label: t('news.category'),
      kind: 'select',
      options: NEWS_CATEGORIES.map((c) => ({ value: c, label: t(`news.category.${c}`) })),
    },
    { name: 'code', label: t('news.code'), maxLength: 12 },
    ...LANGS.flatMap(perLang),
  ]

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6">
          <FormattedMessage id="console.news.new" />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="console.news.summaryHelp" />
        </Typography>
        <AdminOnly>
          <OpsForm<Field>
            label={t('news.new')}
            fields={fields}
            initial={START}
            submitLabel={t('news.publish')}
            confirmTitle={() => t('news.confirm')}
            onSubmit={(v) => publishNews(newsBody(v))}
            onDone={(answer) => {
              const { id } = answer as { id: string }
              notice.show(intl.formatMessage({ id: 'console.news.published' }, { id }), 'success')
              setPage(1)
              news.reload()
            }}
          />
        </AdminOnly>
      </Paper>
      <Box component="section">
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          <FormattedMessage id="console.news.list" />
        </Typography>
        <LoadState loaded={news}>
          {(rows) => (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {rows.map((a) => (
                <Box
                  component="li"
                  key={a.id}
                  sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
                  data-testid={`ops-news-${a.id}`}
                >
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                    <Typography sx={{ flexGrow: 1, fontWeight: 500, minWidth: 0 }}>
                      {localName(a.title, intl.locale)}
                    </Typography>
                    <Chip size="small" label={t(`news.category.${a.category}`)} />
                    {a.simulated && <Chip size="small" label={t('simulated')} />}
                    {!a.published && (
                      <Chip size="small" color="warning" label={t('news.withdrawn')} />
                    )}
                  </Box>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {new Date(a.created).toLocaleString(intl.locale)} ·{' '}
                    {localName(a.summary, intl.locale)}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </LoadState>
        <Pager page={page} rows={news.data?.length ?? 0} size={NEWS_PAGE_SIZE} onPage={setPage} />
      </Box>
      {notice.element}
    </Box>
  )
}
