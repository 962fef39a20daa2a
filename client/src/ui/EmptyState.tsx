import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'

/** The block shown where a list has nothing in it (spec §2: a no-data text). */
export function EmptyState({ text }: { text?: ReactNode }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', py: 6, color: 'text.secondary' }} role="status">
      <InboxOutlinedIcon sx={{ fontSize: 48, opacity: 0.5 }} />
      <Typography variant="body2">{text ?? <FormattedMessage id="common.noData" />}</Typography>
    </Stack>
  )
}
