import { CLIENT_VERSION } from '@kabu/shared/api/common'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { FormattedMessage } from 'react-intl'
import { Header } from '../../ui/Header'
import { ABOUT, PRIVACY, PROTOCOL, type DocumentText } from './documents'

function DocumentScreen({ doc, footer }: { doc: DocumentText; footer?: React.ReactNode }) {
  return (
    <>
      <Header back title={<FormattedMessage id={doc.title} />} />
      <Box component="article" sx={{ px: 2.5, py: 2, maxWidth: 680, mx: 'auto' }}>
        {doc.sections.map((s) => (
          <Box component="section" key={s.heading} sx={{ mb: 3 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.75 }}>
              <FormattedMessage id={s.heading} />
            </Typography>
            <Typography variant="body2" sx={{ lineHeight: 1.8, whiteSpace: 'pre-line' }}>
              <FormattedMessage id={s.body} />
            </Typography>
          </Box>
        ))}
        {footer}
      </Box>
    </>
  )
}

export function AboutScreen() {
  return (
    <DocumentScreen
      doc={ABOUT}
      footer={
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id="mine.about.version" values={{ version: CLIENT_VERSION }} />
        </Typography>
      }
    />
  )
}

export const PrivacyScreen = () => <DocumentScreen doc={PRIVACY} />
export const ProtocolScreen = () => <DocumentScreen doc={PROTOCOL} />
