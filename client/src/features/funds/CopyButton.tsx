import CheckIcon from '@mui/icons-material/Check'
import ContentCopyIcon from '@mui/icons-material/ContentCopy'
import IconButton from '@mui/material/IconButton'
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { showToast } from '../../ui/toast/toast.store'

/** How long the button shows its tick (and the toast stays). */
const CONFIRM_MS = 2000

/**
 * Copies `text` (a bank detail to paste into the user's banking app) with the Clipboard API,
 * then says so in a toast ("受取人をコピーしました") and with a tick on the button, or says it
 * could not (no permission, an insecure page). A toast, not a tooltip: in a list of details a
 * tooltip covered the line beside it.
 */
export function CopyButton({
  text,
  label,
  testId,
}: {
  text: string
  label: string
  testId: string
}) {
  const intl = useIntl()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), CONFIRM_MS)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied(true)
        showToast(
          intl.formatMessage({ id: 'mine.funds.deposit.copied' }, { what: label }),
          CONFIRM_MS,
          'success',
        )
      },
      () => showToast(intl.formatMessage({ id: 'mine.funds.deposit.copyFailed' }), 3000, 'error'),
    )
  return (
    <IconButton
      size="small"
      onClick={() => void copy()}
      aria-label={intl.formatMessage({ id: 'mine.funds.deposit.copy' }, { what: label })}
      data-testid={testId}
      data-copied={copied}
      sx={{ p: 0.5 }}
    >
      {copied ? (
        <CheckIcon fontSize="small" color="success" />
      ) : (
        <ContentCopyIcon fontSize="small" />
      )}
    </IconButton>
  )
}
