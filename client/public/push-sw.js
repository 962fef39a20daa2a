/* global self */
// Web Push in the service worker (issue 37), imported by the Workbox worker the build writes
// (pwa.config.ts `importScripts`). Plain script, outside the build: src/app/push-sw.test.ts runs it
// with a fake `self`.
// - `push`: the gateway's payload is JSON {type, title, body, url} (API.md), already in the
//   device's language; it is shown as a notification that keeps `url` (a `#/…` deep link). A push
//   must show something (userVisibleOnly), so a payload that cannot be read shows the app's name.
// - `notificationclick`: focuses a window of the app and takes it to the deep link, or opens one.
;(function (worker) {
  var FALLBACK_TITLE = 'Kabu Mobile'
  var ICON = '/icons/icon-192.png'

  function notificationOf(text) {
    var payload = null
    try {
      payload = JSON.parse(text)
    } catch {
      // Not JSON: shown as the app's name below.
    }
    if (!payload || typeof payload !== 'object' || typeof payload.title !== 'string')
      return { title: FALLBACK_TITLE, options: { icon: ICON, data: { url: '#/' } } }
    return {
      title: payload.title,
      options: {
        body: typeof payload.body === 'string' ? payload.body : '',
        icon: ICON,
        badge: ICON,
        // One line per kind in the tray is too few (two fills are two), so no tag: each shows.
        data: { url: typeof payload.url === 'string' ? payload.url : '#/', type: payload.type },
      },
    }
  }

  function open(url, clients, scope) {
    var target = new URL(url || '#/', scope)
    // Only the app's own pages: a payload cannot send the user elsewhere.
    if (target.origin !== new URL(scope).origin) target = new URL('#/', scope)
    return clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
      for (var i = 0; i < list.length; i++) {
        var client = list[i]
        if (new URL(client.url).origin === target.origin && 'focus' in client) {
          return client.focus().then(function (focused) {
            return (focused || client).navigate(target.href)
          })
        }
      }
      return clients.openWindow(target.href)
    })
  }

  worker.addEventListener('push', function (event) {
    var shown = notificationOf(event.data ? event.data.text() : '')
    event.waitUntil(worker.registration.showNotification(shown.title, shown.options))
  })

  worker.addEventListener('notificationclick', function (event) {
    event.notification.close()
    var data = event.notification.data || {}
    event.waitUntil(open(data.url, worker.clients, worker.registration.scope))
  })
})(self)
