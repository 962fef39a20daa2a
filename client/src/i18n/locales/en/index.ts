import common from './common'
import funds from './funds'
import identity from './identity'
import login from './login'
import market from './market'
import messages from './messages'
import mine from './mine'
import mineDocuments from './mine-documents'
import server from './server'

/** Every text of this language: each area file holds keys prefixed by its area. */
export default {
  ...common,
  ...funds,
  ...identity,
  ...login,
  ...mine,
  ...mineDocuments,
  ...server,
  ...market,
  ...messages,
} satisfies Record<string, string>
