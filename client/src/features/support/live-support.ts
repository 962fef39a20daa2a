import { assign, fromPromise } from 'xstate'
import { uploadPhoto } from '../../api/photo-upload'
import { conversationMachine } from './conversation.machine'
import { fetchThread, fetchThreads, sendMessage } from './support.api'
import { supportThreadsMachine } from './support-threads.machine'

/** The machines with the app's actors: the /api/vue calls, the upload client and fresh keys. */
export const liveThreadsMachine = supportThreadsMachine.provide({
  actors: { fetchPage: fromPromise(({ input }) => fetchThreads(input.page)) },
})

export const liveConversationMachine = conversationMachine.provide({
  actors: {
    fetchThread: fromPromise(({ input }) => fetchThread(input.id)),
    // No progress bar: a phone photo goes up while the user types.
    upload: fromPromise(({ input }) => uploadPhoto('support', input.file, () => undefined)),
    send: fromPromise(({ input }) => sendMessage(input)),
    markRead: fromPromise(({ input }) => fetchThread(input.id)),
  },
  actions: { newIdem: assign({ idem: () => crypto.randomUUID() }) },
})
