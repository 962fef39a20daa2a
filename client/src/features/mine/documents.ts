/** A text page: a title and sections of a heading and a body, all message ids (literal, for the catalogue test). */
export interface DocumentText {
  title: string
  sections: readonly { heading: string; body: string }[]
}

export const ABOUT: DocumentText = {
  title: 'mine.about.title',
  sections: [
    { heading: 'mine.about.what.h', body: 'mine.about.what.p' },
    { heading: 'mine.about.simulated.h', body: 'mine.about.simulated.p' },
    { heading: 'mine.about.markets.h', body: 'mine.about.markets.p' },
    { heading: 'mine.about.contact.h', body: 'mine.about.contact.p' },
  ],
}

export const PRIVACY: DocumentText = {
  title: 'mine.privacy.title',
  sections: [
    { heading: 'mine.privacy.account.h', body: 'mine.privacy.account.p' },
    { heading: 'mine.privacy.password.h', body: 'mine.privacy.password.p' },
    { heading: 'mine.privacy.sessions.h', body: 'mine.privacy.sessions.p' },
    { heading: 'mine.privacy.device.h', body: 'mine.privacy.device.p' },
    { heading: 'mine.privacy.logs.h', body: 'mine.privacy.logs.p' },
    { heading: 'mine.privacy.sharing.h', body: 'mine.privacy.sharing.p' },
  ],
}

export const PROTOCOL: DocumentText = {
  title: 'mine.protocol.title',
  sections: [
    { heading: 'mine.protocol.service.h', body: 'mine.protocol.service.p' },
    { heading: 'mine.protocol.simulated.h', body: 'mine.protocol.simulated.p' },
    { heading: 'mine.protocol.account.h', body: 'mine.protocol.account.p' },
    { heading: 'mine.protocol.conduct.h', body: 'mine.protocol.conduct.p' },
    { heading: 'mine.protocol.suspension.h', body: 'mine.protocol.suspension.p' },
    { heading: 'mine.protocol.advice.h', body: 'mine.protocol.advice.p' },
    { heading: 'mine.protocol.changes.h', body: 'mine.protocol.changes.p' },
  ],
}
