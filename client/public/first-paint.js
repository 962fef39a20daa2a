/* global document */
// Runs before the app (deferred, so it holds no paint back):
// - the page's language is right from the first paint (screen readers, fonts, line breaking).
//   Mirrors parseLocale in src/i18n/locale.ts, including the legacy jp/cn/us values;
// - the splash of index.html gets the app's name and tagline in that language, so a phone shows
//   the brand in its own words while the app's scripts download (the console has no splash).
//   The words are the catalogues' common.appName and common.tagline (a test keeps them equal).
;(function () {
  var known = {
    ja: 'ja',
    'zh-CN': 'zh-CN',
    en: 'en',
    jp: 'ja',
    cn: 'zh-CN',
    us: 'en',
    zh: 'zh-CN',
    'zh-cn': 'zh-CN',
  }
  var words = {
    ja: { appName: 'カブモバイル', tagline: '日本・米国・中国の株式をスマホで' },
    'zh-CN': { appName: 'Kabu 移动', tagline: '在手机上交易日本、美国和中国股票' },
    en: { appName: 'Kabu Mobile', tagline: 'Japanese, US and Chinese stocks on your phone' },
  }
  var stored = null
  try {
    stored = localStorage.getItem('language')
  } catch {
    stored = null
  }
  var lang = (stored && (known[stored] || known[stored.toLowerCase()])) || 'ja'
  document.documentElement.lang = lang
  var name = document.getElementById('splash-name')
  var tagline = document.getElementById('splash-tagline')
  if (name && tagline) {
    name.textContent = words[lang].appName
    tagline.textContent = words[lang].tagline
  }
})()
