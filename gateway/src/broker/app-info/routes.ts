import { ok } from '@kabu/shared/api/envelope'
import { noForm, type BrokerCalls } from '../common/broker-calls'
import type { CommonService } from './service'

/** `/common/*`: open calls the start screen makes before anyone logs in. */
export function commonRoutes(common: CommonService): BrokerCalls {
  return (routes) => {
    routes.open('/common/config', noForm, async () => ok(await common.configEntries()))
    routes.open('/common/version', noForm, async () => ok(common.version()))
  }
}
