import { START_STEPS, type StartContext, type StartStep } from './start.machine'

export type StepStatus = 'done' | 'running' | 'failed' | 'pending'

/**
 * Where each of the six steps stands, from the machine's state: everything before the current
 * (or failed) step is done, everything after it is pending; on completion all are done.
 */
export function stepStatuses(
  value: unknown,
  context: Pick<StartContext, 'failedStep'>,
): { step: StartStep; status: StepStatus }[] {
  const complete = typeof value === 'object' && value !== null && 'complete' in value
  const current: StartStep | null = complete
    ? null
    : value === 'failed'
      ? context.failedStep
      : (START_STEPS.find((s) => s === value) ?? null)
  const at = current === null ? START_STEPS.length : START_STEPS.indexOf(current)
  return START_STEPS.map((step, i) => ({
    step,
    status: i < at ? 'done' : i > at ? 'pending' : value === 'failed' ? 'failed' : 'running',
  }))
}
