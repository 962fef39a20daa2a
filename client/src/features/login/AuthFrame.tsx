import { memo, type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { Icon } from '../../ui/plain/icons'

/**
 * The frame of the start, login and register screens: the brand, then the content. Plain elements
 * (ui/plain/plain.css), as everything on these screens: they load before MUI (issue 15).
 */
export function AuthFrame({
  children,
  top,
  title,
}: {
  children: ReactNode
  top?: ReactNode
  /** The screen's own heading (login, register), under the brand. */
  title?: ReactNode
}) {
  return (
    // The screen layout (app/ScreenLayout) is the page's main landmark: no second one here.
    <div className="k-auth">
      {/* The language menu's height on every screen, so the brand sits where index.html's splash
          draws it before the scripts arrive, and does not move when the app takes over. */}
      <div className="k-auth-top">{top}</div>
      <Brand asHeading={!title} />
      {title && <h1 className="k-auth-title">{title}</h1>}
      {children}
    </div>
  )
}

/** The logo, name and tagline: memoised, as the start screen re-renders at each of its steps. */
const Brand = memo(function Brand({ asHeading }: { asHeading: boolean }) {
  const Name = asHeading ? 'h1' : 'p'
  return (
    <div className="k-brand">
      <div className="k-brand-logo">
        <Icon name="showChart" />
      </div>
      <Name className="k-brand-name">
        <FormattedMessage id="common.appName" />
      </Name>
      <p className="k-brand-tagline k-body2 k-text-2">
        <FormattedMessage id="common.tagline" />
      </p>
    </div>
  )
})
