import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { useOnFirstInput } from '../when-idle'

interface Props {
  textId: string
  linkId: string
  to: string
  /** Loads the other form's code: usually the next screen, so it is fetched while typing here. */
  prefetch?: () => Promise<unknown>
}

/** "No account yet? Register" under a form: a sentence and a link to its counterpart form. */
export function FormSwitchLink({ textId, linkId, to, prefetch }: Props) {
  // At the user's first tap or key on this form's page: the other form is never needed before.
  useOnFirstInput(prefetch)
  return (
    <p className="k-switch-link k-body2">
      <FormattedMessage id={textId} />{' '}
      <Link className="k-link" to={to} replace>
        <FormattedMessage id={linkId} />
      </Link>
    </p>
  )
}
