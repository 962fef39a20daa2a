import Alert from '@mui/material/Alert'
import Snackbar from '@mui/material/Snackbar'
import { useCallback, useState } from 'react'

export interface Note {
  text: string
  severity: 'success' | 'error' | 'info'
}

/** One transient message at a time (what an action did, or why it was refused). */
export function useNotice() {
  const [note, setNote] = useState<Note | null>(null)
  // Closing keeps the note: the bar fades out with its text, not as an empty dark strip.
  const [open, setOpen] = useState(false)
  const show = useCallback((text: string, severity: Note['severity']) => {
    setNote({ text, severity })
    setOpen(true)
  }, [])
  const element = (
    <Snackbar
      open={open}
      autoHideDuration={6000}
      onClose={() => setOpen(false)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {note ? (
        <Alert severity={note.severity} role="status" onClose={() => setOpen(false)}>
          {note.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  )
  return { show, element }
}
