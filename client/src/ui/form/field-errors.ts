/** One message id per field that has a problem. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>

export interface Issue {
  path: readonly PropertyKey[]
  message: string
}

export interface IssueMapping<F extends string> {
  fields: readonly F[]
  /** The hint shown for a field whose rule the generic `invalid_input` names (length, characters). */
  hints: Record<F, string>
  /** Where a whole-form refusal belongs, e.g. `passwords_mismatch` → the repeat field. */
  fieldOfKey?: Partial<Record<string, F>>
}

/**
 * Turns the issues of a shared zod schema (whose messages are refusal keys) into inline errors:
 * the server's own wording (`server.<key>`) where the schema names a specific key, else the
 * field's hint. The first problem of each field wins.
 */
export function fieldErrorsOf<F extends string>(
  issues: readonly Issue[],
  map: IssueMapping<F>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {}
  for (const issue of issues) {
    const head = issue.path[0]
    const field =
      typeof head === 'string' && (map.fields as readonly string[]).includes(head)
        ? (head as F)
        : map.fieldOfKey?.[issue.message]
    if (!field || errors[field]) continue
    errors[field] = issue.message === 'invalid_input' ? map.hints[field] : `server.${issue.message}`
  }
  return errors
}

/** Empty fields get the "required" message before any rule is checked. */
export function requiredErrors<F extends string>(
  values: Record<F, string>,
  fields: readonly F[],
  messageId = 'common.error.required',
): FieldErrors<F> {
  const errors: FieldErrors<F> = {}
  for (const field of fields) if (values[field].trim() === '') errors[field] = messageId
  return errors
}

export const hasErrors = (errors: FieldErrors<string>): boolean => Object.keys(errors).length > 0
