import { NEWS_CATEGORIES, type NewsCategory } from '@kabu/shared/api/news'
import { useIntl } from 'react-intl'
import { SegmentTabs } from '../../ui/SegmentTabs'

const ALL = 'all' as const

/** The tabs over the list: every category, then each one. */
export function NewsCategoryTabs(props: {
  value: NewsCategory | null
  onChange: (category: NewsCategory | null) => void
}) {
  const intl = useIntl()
  return (
    <SegmentTabs<NewsCategory | typeof ALL>
      value={props.value ?? ALL}
      onChange={(v) => props.onChange(v === ALL ? null : v)}
      scrollable
      aria-label={intl.formatMessage({ id: 'news.categories' })}
      tabs={[ALL, ...NEWS_CATEGORIES].map((category) => ({
        value: category,
        label: intl.formatMessage({ id: `news.category.${category}` }),
        testId: `news-category-${category}`,
      }))}
    />
  )
}
