/* global document, location, requestAnimationFrame */
// Runs before the app (deferred, so it holds no paint back):
// - the page's language is right from the first paint (screen readers, fonts, line breaking).
//   Mirrors parseLocale in src/i18n/locale.ts: the spec's jp/cn/us (what the app stores) and tags;
// - the splash of index.html gets the app's name and tagline in that language, so a phone shows
//   the brand in its own words while the app's scripts download (the console has no splash).
//   The words are the catalogues' common.appName and common.tagline (a test keeps them equal);
// - the first screen's code starts downloading now, beside the entry script, rather than one
//   lazy import after another once the entry runs: index.html carries the plan the build wrote
//   (build/first-screen-preloads.ts), this adds its `modulepreload` links for the language, the
//   hash path and whether a session is stored (the start screen leads to login or home);
// - the browser's Intl data for the language is loaded while those scripts download: its first
//   use costs some 10 ms (40 ms at 4x CPU), which otherwise lands in the task that builds the
//   app's intl (react-intl checks the locale) and makes it a long one.
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
  function read(key) {
    try {
      return localStorage.getItem(key)
    } catch {
      return null
    }
  }
  var stored = read('language')
  var lang = (stored && (known[stored] || known[stored.toLowerCase()])) || 'ja'
  document.documentElement.lang = lang
  var name = document.getElementById('splash-name')
  var tagline = document.getElementById('splash-tagline')
  if (name && tagline) {
    name.textContent = words[lang].appName
    tagline.textContent = words[lang].tagline
  }

  // After the first frame, one Intl service per task: each loads its own part of the data.
  requestAnimationFrame(function () {
    setTimeout(function () {
      Intl.NumberFormat.supportedLocalesOf(lang)
      setTimeout(function () {
        Intl.DateTimeFormat.supportedLocalesOf(lang)
      }, 0)
    }, 0)
  })

  var planScript = document.getElementById('first-screens')
  if (!planScript) return
  var plan = JSON.parse(planScript.textContent)
  var path = location.hash.replace(/^#/, '').split('?')[0] || '/'
  var pastLogin = read('tokend') ? 'home' : '/login/login'
  var groups = ['first:' + lang]
  if (path === '/' || path === '/login/start') groups.push('/login/start', pastLogin)
  else groups.push(path)
  if (groups.indexOf('home') >= 0) groups.push('rest:' + lang)
  var files = []
  for (var g = 0; g < groups.length; g++) {
    var group = plan.groups[groups[g]] || []
    for (var f = 0; f < group.length; f++) {
      if (files.indexOf(plan.files[group[f]]) < 0) files.push(plan.files[group[f]])
    }
  }
  // A few links per task: each starts a fetch, and home's sixty at once held the main thread for
  // 100 ms on a slow phone (4x CPU).
  function preload(from) {
    for (var i = from; i < files.length && i < from + 8; i++) {
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = files[i]
      document.head.appendChild(link)
    }
    if (i < files.length) setTimeout(preload, 0, i)
  }
  // After the splash's first frame: nothing here may hold the brand's paint back.
  requestAnimationFrame(function () {
    setTimeout(preload, 0, 0)
  })
})()
