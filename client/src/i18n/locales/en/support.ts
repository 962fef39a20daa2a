export default {
  'mine.support.title': 'Customer service',
  'mine.support.new': 'New conversation',
  'mine.support.external': 'Other ways to contact us',
  'mine.support.empty': 'No conversations yet',
  'mine.support.loadMore': 'Show older conversations',
  'mine.support.hint':
    'Our staff reply here, usually within one business day. Replies appear without reloading.',
  'mine.support.status.open': 'Waiting for reply',
  'mine.support.status.answered': 'Answered',
  'mine.support.status.closed': 'Closed',
  'mine.support.unread': '{count, plural, one {# new reply} other {# new replies}}',
  'mine.support.photo': 'Photo',
  'mine.support.fromSupport': 'Support: ',
  'mine.support.agent': 'Customer service',
  'mine.support.start': 'Write your question below. You can attach a photo, such as a screenshot.',
  'mine.support.closed':
    'This conversation has been closed. Start a new one if you need more help.',
  'mine.support.attached': 'Attached photo',
  'mine.support.removePhoto': 'Remove photo',
  'mine.support.attach': 'Attach a photo',
  'mine.support.placeholder': 'Message',
  'mine.support.send': 'Send',
} satisfies Record<string, string>
