import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { photoUrl } from '../api'

/** A document photo fetched with the operator's token (KYC sides, deposit slips, support pictures). */
export function Photo({ id, name }: { id: string; name: string }) {
  const intl = useIntl()
  const [url, setUrl] = useState<string>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let made: string | undefined
    let current = true
    photoUrl(id).then(
      (u) => {
        made = u
        if (current) setUrl(u)
        else URL.revokeObjectURL(u)
      },
      () => current && setFailed(true),
    )
    return () => {
      current = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [id])
  const label = intl.formatMessage({ id: 'console.reviews.document' }, { name })
  if (failed) return <Typography variant="caption">{label}: —</Typography>
  return (
    <Box
      component="a"
      href={url}
      target="_blank"
      rel="noreferrer"
      sx={{ display: 'inline-block', mr: 1 }}
    >
      <Box
        component="img"
        src={url}
        alt={label}
        sx={{
          width: 120,
          height: 90,
          objectFit: 'cover',
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      />
    </Box>
  )
}
