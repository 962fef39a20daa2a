import type { ComponentProps } from 'react'
import { FormTextField } from './FormTextField'

type BoundField = Pick<
  ComponentProps<typeof FormTextField>,
  'name' | 'value' | 'onChange' | 'errorId'
>

interface Props {
  /** The form's `field` (useValidatedForm): binds the inputs to its `password` and `password2`. */
  field: (key: 'password' | 'password2', name?: string) => BoundField
  /** The inputs' names, and so their test ids, where they are not `password` and `password2`. */
  names?: readonly [string, string]
  labelId: string
  repeatLabelId: string
  /** The new password's rule, shown under it until there is an error to show instead. */
  helperId: string
  autoComplete?: string
}

/** A new password and its repeat, both with the "show password" toggle. */
export function PasswordPairFields({
  field,
  names = ['password', 'password2'],
  labelId,
  repeatLabelId,
  helperId,
  autoComplete = 'new-password',
}: Props) {
  return (
    <>
      <FormTextField
        {...field('password', names[0])}
        password
        labelId={labelId}
        helperId={helperId}
        autoComplete={autoComplete}
      />
      <FormTextField
        {...field('password2', names[1])}
        password
        labelId={repeatLabelId}
        autoComplete={autoComplete}
      />
    </>
  )
}
