import Box from '@mui/material/Box'
import Skeleton from '@mui/material/Skeleton'
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { fetchPhoto } from '../../api/photo-upload'

/** A photo of the conversation, fetched with the session (an `<img src>` could not send it). */
export function SupportImage({ id }: { id: string }) {
  const intl = useIntl()
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let objectUrl: string | null = null
    let live = true
    fetchPhoto(id)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob)
        if (live) setUrl(objectUrl)
        else URL.revokeObjectURL(objectUrl)
      })
      .catch(() => live && setFailed(true))
    return () => {
      live = false
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [id])
  if (failed) return null
  if (!url) return <Skeleton variant="rounded" width={160} height={120} />
  return (
    <Box
      component="img"
      src={url}
      alt={intl.formatMessage({ id: 'mine.support.photo' })}
      data-testid="support-image"
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 1.5 }}
    />
  )
}
