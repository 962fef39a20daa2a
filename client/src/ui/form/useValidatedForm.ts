import type { FormEvent } from 'react'
import { hasErrors, type FieldErrors } from './field-errors'
import { useFormState } from './useFormState'
import { useSubmit } from './useSubmit'

type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string

export interface ValidatedFormOptions<T> {
  /** The inline errors of these values; an empty object lets them be sent. */
  validate: (values: T) => FieldErrors<keyof T & string>
  send: (values: T) => Promise<void>
  /**
   * A draft kept outside the form, e.g. across screens: every edit of a field the draft has is
   * written to it too, as it is typed.
   */
  draft?: Partial<Record<TextKey<T>, string>>
}

/**
 * A form's values, inline errors and submit in one: the errors are shown before anything is sent,
 * so the server is asked only with values that pass the same rules it applies. A press while the
 * form is still being sent does nothing (useSubmit).
 */
export function useValidatedForm<T extends { [K in keyof T]: string | boolean }>(
  initial: T,
  { validate, send, draft }: ValidatedFormOptions<T>,
) {
  const { values, errors, setErrors, setValue } = useFormState(initial)
  const { submitting, submit } = useSubmit(async () => {
    const found = validate(values)
    setErrors(found)
    if (hasErrors(found)) return
    await send(values)
  })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    submit()
  }
  /** The props that tie a FormTextField to a text field of the form; `name` is also its test id. */
  const field = <K extends TextKey<T>>(key: K, name: string = key) => ({
    name,
    value: values[key] as string,
    onChange: (value: string) => {
      if (draft && key in draft) draft[key] = value
      setValue(key, value as T[K])
    },
    errorId: errors[key],
  })
  return { values, errors, setValue, submitting, onSubmit, field }
}
