import { fromPromise } from 'xstate'
import { loadAppConfig } from '../../state/app-config'
import { preferences } from '../../state/preferences'
import {
  deletePushSubscription,
  fetchNotifySettings,
  postPushSubscription,
  setNotifySwitch,
} from './notifications.api'
import { notifySettingsMachine } from './notify-settings.machine'
import { deviceState, subscribeDevice, unsubscribeDevice } from './push-device'
import { pushBrowser } from './push-browser'

/**
 * The settings screen's calls: the api and this browser's PushManager. A device already subscribed
 * is handed to the server again as the screen loads, so its pushes follow the app's language.
 */
export const liveNotifySettingsMachine = notifySettingsMachine.provide({
  actors: {
    load: fromPromise(async () => {
      const [settings, device] = await Promise.all([
        fetchNotifySettings(),
        deviceState(pushBrowser),
      ])
      if (device.subscription) await postPushSubscription(device.subscription, preferences.locale)
      return { settings, device: device.state }
    }),
    save: fromPromise(({ input }) => setNotifySwitch(input)),
    subscribe: fromPromise(async () => {
      const vapidKey = (await loadAppConfig()).vapid_public_key ?? ''
      const device = await subscribeDevice(pushBrowser, vapidKey)
      if (device.subscription) await postPushSubscription(device.subscription, preferences.locale)
      return device.state
    }),
    unsubscribe: fromPromise(async () => {
      const endpoint = await unsubscribeDevice(pushBrowser)
      if (endpoint) await deletePushSubscription(endpoint).catch(() => null)
      return (await deviceState(pushBrowser)).state
    }),
  },
})
