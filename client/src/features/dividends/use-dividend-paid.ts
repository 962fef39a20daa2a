import { useEffect, useState } from 'react'
import { filter } from 'rxjs'
import { userEvents$ } from '../../realtime/user-events'

/**
 * A number that grows with each `dividend:paid` pushed to this user: the dividends list keys on
 * it, so a payment made while the screen is open shows as paid without a pull.
 */
export function useDividendsPaid(): number {
  const [paid, setPaid] = useState(0)
  useEffect(() => {
    const subscription = userEvents$()
      .pipe(filter((event) => event.type === 'dividend:paid'))
      .subscribe(() => setPaid((n) => n + 1))
    return () => subscription.unsubscribe()
  }, [])
  return paid
}
