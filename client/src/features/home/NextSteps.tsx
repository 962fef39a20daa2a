import { useEffect, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { session } from '../../state/session-view'
import { fetchNextSteps } from './next-steps.api'
import { NEXT_STEP_ROUTE, type NextStep } from './next-steps'
import { SectionTitle } from './SectionTitle'

/**
 * What a logged-in user still has to do before trading (verify identity, set the fund password,
 * deposit), each a link to its screen. Read each time home opens, so a step done elsewhere is gone
 * on return; nothing shows for a visitor or once all are done. Plain elements (app.css
 * `k-next-steps`), as the rest of home.
 */
export function NextSteps() {
  const { token } = useSnapshot(session)
  const [steps, setSteps] = useState<readonly NextStep[]>([])
  useEffect(() => {
    if (!token) return undefined
    let live = true
    // Without an answer home simply shows no steps; Mine still has every entry.
    fetchNextSteps().then(
      (next) => live && setSteps(next),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [token])
  if (!token || steps.length === 0) return null
  return (
    <section data-testid="home-next-steps" aria-labelledby="home-next-title">
      <SectionTitle
        title={
          <span id="home-next-title">
            <FormattedMessage id="home.next.title" />
          </span>
        }
      />
      <ol className="k-next-steps">
        {steps.map((step) => (
          <li key={step}>
            <Link
              to={NEXT_STEP_ROUTE[step]}
              className="k-next-step"
              data-testid={`home-next-${step}`}
            >
              <FormattedMessage id={`home.next.${step}`} />
              <span aria-hidden>›</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  )
}
