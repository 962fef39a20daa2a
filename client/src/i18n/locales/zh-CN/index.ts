import common from './common'
import funds from './funds'
import identity from './identity'
import loans from './loans'
import login from './login'
import market from './market'
import messages from './messages'
import mine from './mine'
import mineDocuments from './mine-documents'
import server from './server'
import trading from './trading'

/** Every text of this language: each area file holds keys prefixed by its area. */
export default {
  ...common,
  ...funds,
  ...identity,
  ...login,
  ...loans,
  ...mine,
  ...mineDocuments,
  ...server,
  ...market,
  ...messages,
  ...trading,
} satisfies Record<string, string>
