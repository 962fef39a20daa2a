import { useEffect, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { passkeysSupported } from '../../api/second-factor'
import { useSubmit } from '../../ui/form/useSubmit'
import { Button } from '../../ui/plain/Button'

/**
 * "Log in with a passkey", shown where the browser can use passkeys (a secure context with
 * WebAuthn): the phone offers the passkeys it holds for this site, or the typed account's.
 */
export function PasskeyLoginButton({ onLogin }: { onLogin: () => Promise<void> }) {
  const [supported, setSupported] = useState(false)
  useEffect(() => {
    passkeysSupported().then(setSupported, () => setSupported(false))
  }, [])
  const { submitting, submit } = useSubmit(onLogin)
  if (!supported) return null
  return (
    <Button
      fullWidth
      variant="outlined"
      disabled={submitting}
      onClick={submit}
      data-testid="passkey-login"
    >
      <FormattedMessage id="login.passkey" />
    </Button>
  )
}
