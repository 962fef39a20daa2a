import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'

/**
 * A section heading with something on its right (a status, a "more" link). Plain elements
 * (app.css `k-section-title`): home alone shows nine of them.
 */
export function SectionTitle({ title, right }: { title: ReactNode; right?: ReactNode }) {
  return (
    <div className="k-section-title">
      <h2>{title}</h2>
      {right}
    </div>
  )
}

/** "More" on a section's right: MUI's small text button as a plain link (app.css `k-btn`). */
export function SectionMore({ to, testId }: { to: string; testId: string }) {
  return (
    <Link to={to} className="k-btn k-btn-small" data-testid={testId}>
      <FormattedMessage id="home.more" />
    </Link>
  )
}
