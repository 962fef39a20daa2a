import common from './common'
import login from './login'
import market from './market'
import mine from './mine'
import mineDocuments from './mine-documents'
import server from './server'

/** Every text of this language: each area file holds keys prefixed by its area. */
export default {
  ...common,
  ...login,
  ...mine,
  ...mineDocuments,
  ...server,
  ...market,
} satisfies Record<string, string>
