import { assign, fromPromise } from 'xstate'
import { uploadPhoto } from '../../api/photo-upload'
import { conversationMachine } from './conversation.machine'
import { fetchThread, sendMessage } from './support.api'

/** The conversation with the app's actors: the /api/vue calls, the upload client and fresh keys. */
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
