import { recordFailure } from '../machine-helpers'

/**
 * The step every money machine puts before a call that moves money or changes an account: a
 * confirmation, then the call. As states for `createMachine({ states })`:
 *
 *   confirming ──CONFIRM──▶ submitting ──done──▶ (done)
 *        ▲  └──CANCEL──▶ (back)   │
 *        └─────refused────────────┘           (or wherever `refused` says)
 *
 * The call is the actor named `call` (and its invoke id, which tests address it by). The call
 * state keeps the confirmation's tags and adds `busy`, so a screen that shows its dialog by a tag
 * keeps it up, disabled, while the call runs. A refusal records its key (`recordError`) and
 * comes back to the confirmation, so confirming again resends with the same idempotency key;
 * machines whose form holds what a refusal asks to change (a password) go back there instead.
 * Names default to `confirming`/`submitting`; a machine with several calls names each pair.
 */
export const confirmStates = <
  TContext,
  TEvent,
  TInput,
  const TCall extends string,
  const TBack,
  const TDone,
  const TConfirming extends string = 'confirming',
  const TSubmitting extends string = 'submitting',
  const TTags extends readonly string[] = readonly ['confirm'],
  const TConfirm = TSubmitting,
  const TOn extends object = object,
>(step: {
  /** The confirmation's state name. */
  confirming?: TConfirming
  /** The call's state name. */
  submitting?: TSubmitting
  /** The actor the confirmed call runs. */
  call: TCall
  /** The call's input: what was confirmed, its idempotency key. */
  input: (args: { context: TContext; event: TEvent }) => TInput
  /** Where CANCEL goes, with what it clears: the form, or the screen the step was opened from. */
  back: TBack
  /** Where an accepted call goes: a reload of the record, the review, the result. */
  done: TDone
  /** Where a refusal goes; by default the confirmation, to send the same request again. */
  refused?: string
  /** The confirmation's tags (by default `confirm`); the call state adds `busy`. */
  tags?: TTags
  /** The CONFIRM transition, when it is more than "to the call" (a branch, an action). */
  confirm?: TConfirm
  /** More transitions of the confirmation (the sell's QUANTITY). */
  on?: TOn
}) => {
  const confirming = (step.confirming ?? 'confirming') as TConfirming
  const submitting = (step.submitting ?? 'submitting') as TSubmitting
  const tags = (step.tags ?? ['confirm']) as TTags
  const confirmNode = {
    tags,
    on: {
      ...(step.on as TOn),
      CONFIRM: (step.confirm ?? submitting) as TConfirm,
      CANCEL: step.back,
    },
  } as const
  const callNode = callState<TContext, TEvent, TInput, TCall, TDone, TTags>({
    ...step,
    tags,
    refused: step.refused ?? confirming,
  })
  // NoInfer: a spread inside `states: {}` must not infer the names as `string` from there.
  return { [confirming]: confirmNode, [submitting]: callNode } as Record<
    NoInfer<TConfirming>,
    typeof confirmNode
  > &
    Record<NoInfer<TSubmitting>, typeof callNode>
}

/**
 * The call state alone, for a confirmation that leads to more than one call (the trust panel's
 * freeze or lift): the actor `call` runs with `input`; `done` on success, `refused` (with the
 * refusal's key) on failure. Tagged with `tags` and `busy`.
 */
export const callState = <
  TContext,
  TEvent,
  TInput,
  const TCall extends string,
  const TDone,
  const TTags extends readonly string[],
>(step: {
  call: TCall
  input: (args: { context: TContext; event: TEvent }) => TInput
  done: TDone
  refused: string
  tags: TTags
}) =>
  ({
    tags: [...step.tags, 'busy'] as [...TTags, 'busy'],
    invoke: {
      id: step.call,
      src: step.call,
      input: step.input,
      onDone: step.done,
      onError: { target: step.refused, actions: recordFailure },
    },
  }) as const
