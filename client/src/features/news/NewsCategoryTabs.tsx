import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { NEWS_CATEGORIES, type NewsCategory } from '@kabu/shared/api/news'
import { useIntl } from 'react-intl'

const ALL = 'all'

/** The tabs over the list: every category, then each one. */
export function NewsCategoryTabs(props: {
  value: NewsCategory | null
  onChange: (category: NewsCategory | null) => void
}) {
  const intl = useIntl()
  return (
    <Tabs
      value={props.value ?? ALL}
      onChange={(_, v: NewsCategory | typeof ALL) => props.onChange(v === ALL ? null : v)}
      variant="scrollable"
      scrollButtons={false}
      aria-label={intl.formatMessage({ id: 'news.categories' })}
    >
      {[ALL, ...NEWS_CATEGORIES].map((category) => (
        <Tab
          key={category}
          value={category}
          label={intl.formatMessage({ id: `news.category.${category}` })}
          data-testid={`news-category-${category}`}
          sx={{ minWidth: 72 }}
        />
      ))}
    </Tabs>
  )
}
