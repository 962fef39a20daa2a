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
  const show = useCallback((text: string, severity: Note['severity']) => {
    setNote({ text, severity })
  }, [])
  const element = (
    <Snackbar
      open={note !== null}
      autoHideDuration={6000}
      onClose={() => setNote(null)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {note ? (
        <Alert severity={note.severity} role="status" onClose={() => setNote(null)}>
          {note.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  )
  return { show, element }
}
