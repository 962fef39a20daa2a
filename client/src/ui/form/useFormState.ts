import { useState } from 'react'
import type { FieldErrors } from './field-errors'

/** A form's values and inline errors; editing a field clears its error. */
export function useFormState<T extends { [K in keyof T]: string | boolean }>(initial: T) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors<keyof T & string>>({})
  const setValue = <K extends keyof T & string>(field: K, value: T[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }
  return { values, errors, setErrors, setValue }
}
