import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { SupportMessage } from '@kabu/shared/api/support'
import { FormattedMessage, useIntl } from 'react-intl'
import { SupportImage } from './SupportImage'

/** One message: the user's on the right, customer service's on the left with its name. */
export function MessageBubble({ message }: { message: SupportMessage }) {
  const intl = useIntl()
  const mine = message.author === 'user'
  return (
    <Box
      data-testid={`support-message-${message.author}`}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
      }}
    >
      {!mine && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
          <FormattedMessage id="mine.support.agent" />
        </Typography>
      )}
      <Box
        sx={{
          maxWidth: '80%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : 'action.hover',
          color: mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        {message.image && <SupportImage id={message.image} />}
        {message.text && (
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: message.image ? 1 : 0 }}
          >
            {message.text}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
        {intl.formatDate(message.created, { dateStyle: 'short', timeStyle: 'short' })}
      </Typography>
    </Box>
  )
}
