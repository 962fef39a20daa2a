/**
 * Who acted, as one string: every back-office route hands the broker `res.locals.operator`, and the
 * areas write it into `decided_by`, `created_by` and the audit trail. An operator account's label
 * carries its id (`alice#3`), so the audit row can keep the person's id and four eyes can tell two
 * people apart without every area passing a second argument. The script token is `ops` (or
 * `ops:<name>` from X-Operator, which cannot hold `#`), the automatic policy `auto`.
 */
export const operatorLabel = (login: string, id: bigint) => `${login}#${id}`

/** The operator account's id of a label, or undefined for the token, the auto policy or the seed. */
export function operatorIdOf(label: string): bigint | undefined {
  const id = /#([1-9]\d{0,18})$/.exec(label)?.[1]
  return id === undefined ? undefined : BigInt(id)
}

/** `ops` and `ops:<name>`: the shared script token (OPS_TOKEN), whoever says they hold it. */
export const isScriptToken = (label: string) => label === 'ops' || label.startsWith('ops:')

/**
 * Who counts as one approver for four eyes: each operator account is one, and the script token is
 * ONE approver however it names itself, so two token calls never make four eyes. Anything else (the
 * automatic policy, the demo seed) is no person and cannot approve such a request at all.
 */
export function approverOf(label: string): string | undefined {
  const id = operatorIdOf(label)
  if (id !== undefined) return `operator:${id}`
  return isScriptToken(label) ? 'token' : undefined
}
