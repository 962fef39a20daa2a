import type { ReactNode } from 'react'
import { Icon } from './icons'

/** MUI's standard Alert as plain elements: a tinted box with an icon, the text and an action. */
export function Alert({
  severity,
  action,
  children,
}: {
  severity: 'error' | 'warning'
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <div role="alert" className={`k-alert k-alert-${severity}`}>
      <Icon name={severity === 'error' ? 'error' : 'warning'} />
      <div className="k-alert-text">{children}</div>
      {action && <div className="k-alert-action">{action}</div>}
    </div>
  )
}
