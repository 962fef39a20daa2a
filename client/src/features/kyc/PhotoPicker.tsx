import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import Box from '@mui/material/Box'
import FormHelperText from '@mui/material/FormHelperText'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { FormattedMessage, useIntl } from 'react-intl'
import type { PhotoState } from './use-photo'

/**
 * A tappable frame that opens the camera (or the library) for one side of the document, then
 * shows the photo under its side's label, the upload's progress and a tick once the server has it.
 */
export function PhotoPicker({
  testId,
  labelId,
  photo,
  errorId,
}: {
  testId: string
  labelId: string
  photo: PhotoState
  errorId?: string | undefined
}) {
  const intl = useIntl()
  return (
    <Box>
      <Box
        component="label"
        sx={{
          position: 'relative',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          aspectRatio: '1.6',
          border: 1,
          borderStyle: 'dashed',
          borderColor: errorId ? 'error.main' : 'divider',
          borderRadius: 2,
          overflow: 'hidden',
          cursor: 'pointer',
          color: 'text.secondary',
        }}
      >
        {photo.preview ? (
          <>
            <Box
              component="img"
              src={photo.preview}
              alt={intl.formatMessage({ id: labelId })}
              sx={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                objectFit: 'cover',
              }}
            />
            {/* A filled tile still says which side it holds, or the two photos look alike. */}
            <Typography
              variant="body2"
              data-testid={`${testId}-label`}
              aria-hidden
              sx={{
                position: 'absolute',
                left: 0,
                right: 0,
                bottom: 0,
                py: 0.5,
                textAlign: 'center',
                fontWeight: 600,
                color: '#fff',
                bgcolor: 'rgba(0, 0, 0, 0.6)',
              }}
            >
              <FormattedMessage id={labelId} />
            </Typography>
          </>
        ) : (
          <>
            <AddAPhotoOutlinedIcon fontSize="large" />
            <Typography variant="body2" data-testid={`${testId}-label`}>
              <FormattedMessage id={labelId} />
            </Typography>
          </>
        )}
        {photo.id && (
          <CheckCircleIcon
            color="success"
            sx={{
              position: 'absolute',
              top: 8,
              right: 8,
              bgcolor: 'background.paper',
              borderRadius: '50%',
            }}
            aria-label={intl.formatMessage({ id: 'mine.kyc.photo.uploaded' })}
          />
        )}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          data-testid={testId}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) photo.pick(file)
            e.target.value = ''
          }}
        />
      </Box>
      {photo.progress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(photo.progress * 100)}
          sx={{ mt: 1 }}
          aria-label={intl.formatMessage({ id: 'mine.kyc.photo.uploading' })}
        />
      )}
      {errorId && (
        <FormHelperText error data-testid={`${testId}-error`}>
          <FormattedMessage id={errorId} />
        </FormHelperText>
      )}
    </Box>
  )
}
