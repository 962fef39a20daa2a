import Typography from '@mui/material/Typography'
import type { SecondFactors } from '@kabu/shared/api/second-factor'
import { FormattedMessage } from 'react-intl'
import { FormTextField } from './FormTextField'

/**
 * What a money-out form says about the second factor: that the phone's passkey will confirm it,
 * and, for a user with an authenticator app, the field for its code (optional beside a passkey).
 * Nothing for a user with neither.
 */
export function SecondFactorHint(props: {
  factors: SecondFactors | null
  totp: string
  onTotp: (code: string) => void
}) {
  const { factors } = props
  if (!factors) return null
  const passkey = factors.passkeys.length > 0
  return (
    <>
      {passkey && (
        <Typography variant="body2" color="text.secondary" data-testid="second-factor-passkey">
          <FormattedMessage id="mine.secondFactor.confirm.passkeyHint" />
        </Typography>
      )}
      {factors.totp && (
        <FormTextField
          name="second-factor-totp"
          labelId={
            passkey ? 'mine.secondFactor.confirm.totpInstead' : 'mine.secondFactor.confirm.totp'
          }
          value={props.totp}
          onChange={props.onTotp}
          autoComplete="one-time-code"
        />
      )}
    </>
  )
}
