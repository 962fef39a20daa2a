import { CLIENT_VERSION } from '@kabu/shared/api/common'
import { FormattedMessage, useIntl } from 'react-intl'
import { translateServerMessage } from '../../i18n/intl'
import type { StartContext } from './start.machine'

/** Says why the failed step failed and what the user can do about it. */
export function StartFailureText({ context }: { context: StartContext }) {
  const intl = useIntl()
  const step = intl.formatMessage({ id: stepLabel(context) })
  switch (context.failure) {
    case 'version_too_old':
      return (
        <FormattedMessage
          id="login.start.error.versionTooOld"
          values={{ version: CLIENT_VERSION, min: context.version?.min_client ?? '' }}
        />
      )
    case 'storage_unavailable':
      return <FormattedMessage id="login.start.error.storage" />
    case null:
    case 'unknown':
      return <FormattedMessage id="login.start.error.unknown" values={{ step }} />
    default:
      return (
        <FormattedMessage
          id="login.start.error.reason"
          values={{ step, reason: translateServerMessage(context.failure) }}
        />
      )
  }
}

function stepLabel(context: StartContext): string {
  switch (context.failedStep) {
    case 'starting':
      return 'login.start.step.starting'
    case 'checkingVersion':
      return 'login.start.step.checkingVersion'
    case 'fetchingQuotes':
      return 'login.start.step.fetchingQuotes'
    case 'connectingHost':
      return 'login.start.step.connectingHost'
    default:
      return 'login.start.step.fetchingConfig'
  }
}
