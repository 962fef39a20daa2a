import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { FormattedMessage } from 'react-intl'

/** Newer and older pages of a list whose pages hold `size` rows (a short page is the last). */
export function Pager(props: {
  page: number
  rows: number
  size: number
  onPage: (page: number) => void
}) {
  if (props.page === 1 && props.rows < props.size) return null
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
      <Button disabled={props.page === 1} onClick={() => props.onPage(props.page - 1)}>
        <FormattedMessage id="console.audit.newer" />
      </Button>
      <Button disabled={props.rows < props.size} onClick={() => props.onPage(props.page + 1)}>
        <FormattedMessage id="console.audit.older" />
      </Button>
    </Box>
  )
}
