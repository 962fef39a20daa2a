// The about page, the privacy policy and the user terms (keys of the mine area).
export default {
  'mine.about.title': 'About this app',
  'mine.about.what.h': 'What Kabu Mobile is',
  'mine.about.what.p':
    'Kabu Mobile is a demonstration of a mobile brokerage app for retail investors. You can follow live quotes, search stocks of three markets, open a stock’s charts and manage your account. Trading, new-share subscriptions and money transfers are added step by step.',
  'mine.about.simulated.h': 'The market data is simulated',
  'mine.about.simulated.p':
    'Prices, charts and rankings come from a market simulator. They move like a real market, within each exchange’s tick sizes and daily limits, but they are not real prices and must not be used for real investment decisions. Screens with simulated data say so. No real securities are bought or sold and no real money changes hands.',
  'mine.about.markets.h': 'Markets',
  'mine.about.markets.p':
    'Japan (Tokyo Stock Exchange, yen) is the default market. US stocks (dollars) and Chinese A-shares (yuan) are also offered, each with its own wallet.',
  'mine.about.contact.h': 'Contact',
  'mine.about.contact.p':
    'For questions about your account, use “Customer service” in the menu of the Mine tab.',
  'mine.about.version': 'Version {version}',
  'mine.privacy.title': 'Privacy policy',
  'mine.privacy.account.h': 'What we store about your account',
  'mine.privacy.account.p':
    'Your account name, the invite code you registered with, your balances and the records of what you do in the app (orders, transfers, requests). We ask for no name, address or phone number to register.',
  'mine.privacy.password.h': 'Passwords',
  'mine.privacy.password.p':
    'Your password is never stored as you typed it. We keep only a one-way hash (argon2id), from which the password cannot be read back. Nobody, including our staff, can tell you your password; if you forget it, customer service can help you set a new one.',
  'mine.privacy.sessions.h': 'Sessions',
  'mine.privacy.sessions.p':
    'When you log in, we create a random session token. The server keeps only a hash of it, with the time it was created and last used. A session ends when you log out, and every session of your account ends when you change your login password.',
  'mine.privacy.device.h': 'What stays on your device',
  'mine.privacy.device.p':
    'The app keeps in your browser’s storage: your session token and account name (so you stay logged in), your language, your choice of rise colour, and your recent searches. Logging out removes the token and account name. We use no advertising or tracking cookies.',
  'mine.privacy.logs.h': 'Server logs',
  'mine.privacy.logs.p':
    'To keep the service running and investigate faults, the server records each request’s time, address, path and result. Passwords and session tokens are never written to the logs.',
  'mine.privacy.sharing.h': 'Sharing and deletion',
  'mine.privacy.sharing.p':
    'We do not sell or share your data with third parties and use no third-party analytics. To have your account and its data deleted, contact customer service.',
  'mine.protocol.title': 'User terms',
  'mine.protocol.service.h': '1. The service',
  'mine.protocol.service.p':
    'These terms apply to your use of Kabu Mobile (“the service”), a demonstration brokerage app. By registering you agree to them.',
  'mine.protocol.simulated.h': '2. Simulated market and no real money',
  'mine.protocol.simulated.p':
    'All market data in the service is produced by a simulator. Orders, balances, deposits and withdrawals in the service are records of a demonstration: they are not securities transactions and create no claim to real money or real securities.',
  'mine.protocol.account.h': '3. Your account',
  'mine.protocol.account.p':
    'Registration needs an invite code. Keep your password to yourself: everything done with your account and password is treated as done by you. Tell customer service at once if you think someone else has used your account.',
  'mine.protocol.conduct.h': '4. Conduct',
  'mine.protocol.conduct.p':
    'Do not attack, overload or try to get around the service’s security, use another person’s account, or use the service for anything unlawful.',
  'mine.protocol.suspension.h': '5. Suspension',
  'mine.protocol.suspension.p':
    'If these terms are broken, an account may be barred from trading, frozen or banned from logging in. You will be told when you try to use it, and customer service will explain why.',
  'mine.protocol.advice.h': '6. No investment advice',
  'mine.protocol.advice.p':
    'Nothing in the service is investment advice or a recommendation to buy or sell any security. Real investment involves the risk of losing money.',
  'mine.protocol.changes.h': '7. Changes',
  'mine.protocol.changes.p':
    'These terms may change as the service grows. The current version is always shown on this page; continuing to use the service after a change means you accept it.',
} satisfies Record<string, string>
