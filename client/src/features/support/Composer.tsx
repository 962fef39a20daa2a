import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined'
import CloseIcon from '@mui/icons-material/Close'
import SendIcon from '@mui/icons-material/Send'
import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import { SUPPORT_TEXT_MAX } from '@kabu/shared/api/support'
import { useRef } from 'react'
import { useIntl } from 'react-intl'

export interface ComposerProps {
  text: string
  preview: string | null
  uploading: boolean
  sending: boolean
  canSend: boolean
  onText: (text: string) => void
  onPick: (file: File) => void
  onRemoveImage: () => void
  onSend: () => void
}

/** The draft at the foot of a conversation: a photo to attach, the text, and send. */
export function Composer(props: ComposerProps) {
  const intl = useIntl()
  const label = (id: string) => intl.formatMessage({ id })
  const fileInput = useRef<HTMLInputElement>(null)
  return (
    <Paper
      square
      elevation={3}
      sx={{ position: 'sticky', bottom: 0, p: 1, pb: 'calc(env(safe-area-inset-bottom) + 8px)' }}
    >
      {props.preview && (
        <Box sx={{ position: 'relative', display: 'inline-block', mb: 1 }}>
          <Box
            component="img"
            src={props.preview}
            alt={label('mine.support.attached')}
            data-testid="support-preview"
            sx={{ height: 72, borderRadius: 1, opacity: props.uploading ? 0.5 : 1 }}
          />
          {props.uploading && (
            <CircularProgress
              size={24}
              sx={{ position: 'absolute', top: 24, left: 'calc(50% - 12px)' }}
            />
          )}
          <IconButton
            size="small"
            aria-label={label('mine.support.removePhoto')}
            onClick={props.onRemoveImage}
            disabled={props.sending}
            sx={{ position: 'absolute', top: -8, right: -8, bgcolor: 'background.paper' }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        {/* A real button that opens the hidden file input: a <label> acting as a button has no
            role axe allows (aria-allowed-role). */}
        <IconButton
          aria-label={label('mine.support.attach')}
          disabled={props.sending || props.uploading}
          onClick={() => fileInput.current?.click()}
        >
          <AddPhotoAlternateOutlinedIcon />
        </IconButton>
        <input
          ref={fileInput}
          hidden
          type="file"
          accept="image/*"
          data-testid="support-file"
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) props.onPick(file)
            e.target.value = ''
          }}
        />
        <TextField
          fullWidth
          multiline
          maxRows={5}
          size="small"
          value={props.text}
          disabled={props.sending}
          placeholder={label('mine.support.placeholder')}
          onChange={(e) => props.onText(e.target.value)}
          slotProps={{
            htmlInput: {
              maxLength: SUPPORT_TEXT_MAX,
              'aria-label': label('mine.support.placeholder'),
              'data-testid': 'support-text',
            },
          }}
        />
        <IconButton
          color="primary"
          aria-label={label('mine.support.send')}
          data-testid="support-send"
          disabled={!props.canSend || props.sending}
          onClick={props.onSend}
        >
          {props.sending ? <CircularProgress size={22} /> : <SendIcon />}
        </IconButton>
      </Box>
    </Paper>
  )
}
