import { CLIENT_VERSION, compareVersions, type VersionInfo } from '@kabu/shared/api/common'
import { assign, fromPromise, setup } from 'xstate'
import { notProvided } from '../../state/machine-helpers'

/** The six loading steps of spec §2, in order. `complete` is reached, never run. */
export const START_STEPS = [
  'starting',
  'checkingVersion',
  'fetchingQuotes',
  'connectingHost',
  'fetchingConfig',
  'complete',
] as const
export type StartStep = (typeof START_STEPS)[number]

/** Why a step failed: a server/market `msg` key, `version_too_old`, or `unknown`. */
export type StartFailure = string

export interface StartContext {
  failedStep: StartStep | null
  failure: StartFailure | null
  /** The server's version answer, kept to tell the user which version is needed. */
  version: VersionInfo | null
}

/** A refusal of either API carries a `msg` key; anything else (a timeout, a bug) is `unknown`. */
export function describeFailure(error: unknown): StartFailure {
  const msg = (error as { msg?: unknown } | null)?.msg
  return typeof msg === 'string' && msg !== '' ? msg : 'unknown'
}

/**
 * The start screen's checks. Each step's work is an injected actor, so the screen runs the real
 * calls and the unit test runs fakes. A failed step waits for RETRY and then runs again from itself.
 */
export const startMachine = setup({
  types: {
    context: {} as StartContext,
    events: {} as { type: 'RETRY' },
  },
  actors: {
    /** Restores the stored session and preferences. */
    boot: fromPromise<void>(notProvided('boot')),
    checkVersion: fromPromise<VersionInfo>(notProvided('checkVersion')),
    /** The first snapshot of the indices. */
    fetchQuotes: fromPromise<void>(notProvided('fetchQuotes')),
    /** Opens the realtime connection. */
    connectHost: fromPromise<void>(notProvided('connectHost')),
    /** /common/config, kept for later screens (kefu). */
    fetchConfig: fromPromise<void>(notProvided('fetchConfig')),
  },
  actions: {
    recordFailure: assign((_, params: { step: StartStep; error: unknown }) => ({
      failedStep: params.step,
      failure: describeFailure(params.error),
    })),
    clearFailure: assign({ failedStep: null, failure: null }),
  },
  guards: {
    /** Injected: whether a session is stored, which decides where "load complete" goes. */
    hasSession: () => false,
    clientTooOld: (_, version: VersionInfo) =>
      compareVersions(CLIENT_VERSION, version.min_client) < 0,
  },
}).createMachine({
  id: 'start',
  context: { failedStep: null, failure: null, version: null },
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        src: 'boot',
        onDone: 'checkingVersion',
        onError: {
          target: 'failed',
          actions: {
            type: 'recordFailure',
            params: ({ event }) => ({ step: 'starting', error: event.error }),
          },
        },
      },
    },
    checkingVersion: {
      invoke: {
        src: 'checkVersion',
        onDone: [
          {
            guard: { type: 'clientTooOld', params: ({ event }) => event.output },
            target: 'failed',
            actions: assign({
              version: ({ event }) => event.output,
              failedStep: 'checkingVersion',
              failure: 'version_too_old',
            }),
          },
          { target: 'fetchingQuotes', actions: assign({ version: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'recordFailure',
            params: ({ event }) => ({ step: 'checkingVersion', error: event.error }),
          },
        },
      },
    },
    fetchingQuotes: {
      invoke: {
        src: 'fetchQuotes',
        onDone: 'connectingHost',
        onError: {
          target: 'failed',
          actions: {
            type: 'recordFailure',
            params: ({ event }) => ({ step: 'fetchingQuotes', error: event.error }),
          },
        },
      },
    },
    connectingHost: {
      invoke: {
        src: 'connectHost',
        onDone: 'fetchingConfig',
        onError: {
          target: 'failed',
          actions: {
            type: 'recordFailure',
            params: ({ event }) => ({ step: 'connectingHost', error: event.error }),
          },
        },
      },
    },
    fetchingConfig: {
      invoke: {
        src: 'fetchConfig',
        onDone: [{ guard: 'hasSession', target: 'complete.home' }, { target: 'complete.login' }],
        onError: {
          target: 'failed',
          actions: {
            type: 'recordFailure',
            params: ({ event }) => ({ step: 'fetchingConfig', error: event.error }),
          },
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        RETRY: [
          {
            guard: ({ context }) => context.failedStep === 'starting',
            target: 'starting',
            actions: 'clearFailure',
          },
          {
            guard: ({ context }) => context.failedStep === 'checkingVersion',
            target: 'checkingVersion',
            actions: 'clearFailure',
          },
          {
            guard: ({ context }) => context.failedStep === 'fetchingQuotes',
            target: 'fetchingQuotes',
            actions: 'clearFailure',
          },
          {
            guard: ({ context }) => context.failedStep === 'connectingHost',
            target: 'connectingHost',
            actions: 'clearFailure',
          },
          { target: 'fetchingConfig', actions: 'clearFailure' },
        ],
      },
    },
    complete: {
      tags: ['complete'],
      // Entered only through complete.home or complete.login; xstate still wants a default.
      initial: 'login',
      states: {
        /** A session is stored: go home. */
        home: { type: 'final' },
        login: { type: 'final' },
      },
    },
  },
})
