import type { LoanInfo, LoanRecord } from '@kabu/shared/api/loans'
import { assign, fromPromise, setup } from 'xstate'
import { notProvided } from '../../state/machine-helpers'
import { confirmStates } from '../../state/review/confirm-states'
import { requestActions, requestStates, reviewStates } from '../../state/review/request-states'
import { idleReviewWatch } from '../../state/review/review-states'
import type { LoanVerdictEvent } from './loan-watch'
import { loanAmountError, openLoan } from './loan-form'

export interface LoanSnapshot {
  info: LoanInfo
  loans: LoanRecord[]
}

export interface LoanContext {
  snapshot: LoanSnapshot | null
  /** The loan in review, owed or just settled. */
  loanId: string | null
  money: string | null
  idem: string | null
  reason: string | null
  error: string | null
}

export type LoanEvent =
  | { type: 'SUBMIT'; money: string }
  /** The repayment's confirmation carries the fund password; the request's carries nothing. */
  | { type: 'CONFIRM'; fundPassword?: string }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'NEW' }
  | { type: 'REPAY' }
  | LoanVerdictEvent

/** The open loan of the loaded snapshot, in the given status. */
const open = (context: LoanContext, status: 0 | 1) => {
  const loan = context.snapshot ? openLoan(context.snapshot.loans) : undefined
  return loan?.status === status ? loan : undefined
}

/** What repaying the current loan takes now: principal plus interest to the last load. */
export const owedNow = (context: LoanContext): string | undefined =>
  context.snapshot?.loans.find((l) => l.id === context.loanId && l.status === 1)?.owed

/**
 * A credit loan, in the states of its record (API.md: 0 pending, 1 approved, 2 rejected,
 * 3 repaid): the credit line and the user's loans are loaded first and decide where it starts;
 * a request is confirmed, sent, waits for review → approved (owed) | rejected; an owed loan is
 * repaid in full after a confirmation with the fund password. Refusals return to the step that
 * was confirmed, with their key.
 */
export const loanMachine = setup({
  types: { context: {} as LoanContext, events: {} as LoanEvent },
  actors: {
    load: fromPromise<LoanSnapshot>(notProvided('load')),
    submit: fromPromise<{ id: string }, { money: string; idem: string }>(notProvided('submit')),
    repay: fromPromise<
      { paid: string },
      { id: string; money: string; fundPassword: string; idem: string }
    >(notProvided('repay')),
    watchReview: idleReviewWatch(),
  },
  actions: {
    ...requestActions<LoanContext, LoanEvent>(),
    keepLoaded: assign((_, snapshot: LoanSnapshot) => ({ snapshot })),
    takeDraft: assign((_, submit: { money: string }) => ({ money: submit.money.trim() })),
    keepSent: assign((_, sent: { id: string }) => ({ loanId: sent.id })),
    reset: assign({ loanId: null, money: null, idem: null, reason: null, error: null }),
  },
  guards: {
    owes: ({ context }) => open(context, 1) !== undefined,
    inReview: ({ context }) => open(context, 0) !== undefined,
    amountFits: ({ context, event }) =>
      event.type === 'SUBMIT' &&
      context.snapshot !== null &&
      loanAmountError(event.money, context.snapshot.info) === null,
  },
}).createMachine({
  id: 'loan',
  context: { snapshot: null, loanId: null, money: null, idem: null, reason: null, error: null },
  initial: 'loading',
  states: {
    ...requestStates({
      load: 'load',
      loaded: 'routing',
      guard: 'amountFits',
      input: ({ context }: { context: LoanContext }) => ({
        money: context.money ?? '',
        idem: context.idem ?? '',
      }),
      sent: 'pendingReview',
    }),
    ...reviewStates({
      requestId: (context: LoanContext) => context.loanId,
      tag: 'loan',
      // Approved: reload, so the screen shows what is owed from the record itself.
      approved: 'loading',
    }),
    // Where the user's record says they are: an owed loan, one in review, or free to apply.
    routing: {
      always: [
        {
          guard: 'owes',
          target: 'approved',
          actions: assign({ loanId: ({ context }) => open(context, 1)?.id ?? null }),
        },
        {
          guard: 'inReview',
          target: 'pendingReview',
          actions: assign({ loanId: ({ context }) => open(context, 0)?.id ?? null }),
        },
        { target: 'editing' },
      ],
    },
    approved: {
      tags: ['loan'],
      on: { REPAY: { target: 'repayConfirming', actions: ['clearError', 'newIdem'] } },
    },
    ...confirmStates({
      confirming: 'repayConfirming',
      submitting: 'repaying',
      tags: ['loan', 'confirm'],
      call: 'repay',
      input: ({ context, event }: { context: LoanContext; event: LoanEvent }) => ({
        id: context.loanId ?? '',
        money: owedNow(context) ?? '0',
        fundPassword: event.type === 'CONFIRM' ? (event.fundPassword ?? '') : '',
        idem: context.idem ?? '',
      }),
      back: { target: 'approved', actions: 'clearError' },
      // The amount owed moved on (a day passed): read it again before trying once more.
      on: { RETRY: { target: 'loading', actions: 'reset' } },
      done: 'repaid',
    }),
    repaid: {
      tags: ['loan'],
      // Read the record again, so the history shows the loan repaid and the interest paid.
      invoke: {
        id: 'reload',
        src: 'load',
        onDone: { actions: { type: 'keepLoaded', params: ({ event }) => event.output } },
      },
      on: { NEW: { target: 'loading', actions: 'reset' } },
    },
  },
})
