import type { SecondFactors } from '@kabu/shared/api/second-factor'
import { useEffect, useState } from 'react'
import { fetchSecondFactors } from '../../api/second-factor'

/** The user's second factors, for a form that must carry one (null while loading or unknown). */
export function useSecondFactors(): SecondFactors | null {
  const [factors, setFactors] = useState<SecondFactors | null>(null)
  useEffect(() => {
    let live = true
    fetchSecondFactors().then(
      (f) => live && setFactors(f),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
  return factors
}
