import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { Icon } from './plain/icons'

/**
 * The block shown where a list has nothing in it (spec §2: a no-data text). Plain elements
 * (app.css `k-empty`): the lists of home's first screen import it.
 */
export function EmptyState({ text }: { text?: ReactNode }) {
  return (
    <div className="k-empty k-text-2" role="status">
      <Icon name="inbox" />
      <p className="k-body2">{text ?? <FormattedMessage id="common.noData" />}</p>
    </div>
  )
}
