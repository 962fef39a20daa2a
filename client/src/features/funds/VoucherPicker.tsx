import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { isBrokerRefusal } from '../../api/refusal'
import { uploadVoucher } from './voucher-upload'

/**
 * The transfer slip: a tappable frame that opens the camera or the library, previews the photo at
 * once and uploads it in the background; `onUploaded` gets the id (or undefined while none).
 */
export function VoucherPicker({ onUploaded }: { onUploaded: (id: string | undefined) => void }) {
  const intl = useIntl()
  const [preview, setPreview] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [done, setDone] = useState(false)
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  const pick = (file: File) => {
    setPreview(URL.createObjectURL(file))
    setDone(false)
    setSending(true)
    onUploaded(undefined)
    uploadVoucher(file)
      .then((id) => {
        setDone(true)
        onUploaded(id)
      })
      .catch((error: unknown) => {
        if (!isBrokerRefusal(error)) throw error
      })
      .finally(() => setSending(false))
  }

  return (
    <Box
      component="label"
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        aspectRatio: '2',
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        cursor: 'pointer',
        color: 'text.secondary',
      }}
    >
      {preview ? (
        <Box
          component="img"
          src={preview}
          alt={intl.formatMessage({ id: 'mine.funds.deposit.voucher' })}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <>
          <AddAPhotoOutlinedIcon />
          <Typography variant="body2">
            <FormattedMessage id="mine.funds.deposit.voucher" />
          </Typography>
        </>
      )}
      {done && <CheckCircleIcon color="success" sx={{ position: 'absolute', top: 8, right: 8 }} />}
      {sending && <LinearProgress sx={{ position: 'absolute', bottom: 0, left: 0, right: 0 }} />}
      <input
        hidden
        type="file"
        accept="image/*"
        data-testid="deposit-voucher"
        onChange={(e) => {
          const file = e.target.files?.[0]
          if (file) pick(file)
        }}
      />
    </Box>
  )
}
