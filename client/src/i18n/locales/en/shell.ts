export default {
  'common.shell.offline': 'You are offline. The latest figures show when the connection is back.',
  'common.shell.updateReady': 'A new version is available.',
  'common.shell.updateNow': 'Update',
  'common.shell.updateLater': 'Later',
} satisfies Record<string, string>
