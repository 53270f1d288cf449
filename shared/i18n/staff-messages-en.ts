/**
 * The staff pages' words in English (sign-in, record input, staff home, accounts, news,
 * advisories, Full Disclosure). A catalogue of its own, apart from the public one in
 * messages-en.ts: the public catalogue travels in every Filipino page's hydration data,
 * while these words travel only in the staff pages' lazily loaded code, so residents'
 * phones never download them. `StaffMessages` makes a missing key in another language a
 * compile error, and tests/unit/i18n-catalogues.test.ts compares the placeholders.
 */
export const staffEn = {
  // The staff frame: navigation and areas (client/components/staff/).
  'staff.nav.home': 'Staff home',
  'staff.nav.signOut': 'Sign out',

  // Sign-in, set password and record input (/bac-login, /staff/set-password, /bac-input).
  'staff.login.title': 'Login',

  // Staff home and accounts (/staff, /staff/accounts).
  'staff.home.title': 'Staff home',

  // News (/staff/news).
  'staff.news.title': 'News',
  'staff.news.description': 'Publishing news for the municipality’s information office.',
  'staff.news.forbidden':
    'Your account cannot do this: it needs the Information (news and advisories) role. Ask an administrator.',
  'staff.news.done.added': 'The news item is published.',
  'staff.news.done.amended': 'The correction is saved.',
  'staff.news.done.withdrawn': 'The news item is withdrawn.',
  'staff.news.publicPage': 'See the item’s public page',
  'staff.news.withdraw.heading': 'Withdraw “{title}”',
  'staff.news.withdraw.explain':
    'It leaves the news list, the home page and the feed; its page stays, marked withdrawn with your reason.',
  'staff.news.withdraw.button': 'Withdraw',
  'staff.news.cancel': 'Cancel',
  'staff.news.reason.label': 'Reason',
  'staff.news.reason.hint': 'Shown to the public in the item’s history.',
  'staff.news.picture.heading': '1. Upload the picture',
  'staff.news.picture.uploaded': 'Picture {number} is uploaded and filled in below.',
  'staff.news.picture.file': 'Picture (JPEG, PNG or WebP)',
  'staff.news.picture.button': 'Upload the picture',
  'staff.news.upload.missing': 'Choose a picture to upload.',
  'staff.news.upload.unsupported': 'Only JPEG, PNG and WebP pictures can be uploaded.',
  'staff.news.upload.tooLarge': 'The picture is too large to upload.',
  'staff.news.item.write': '2. Write the news item',
  'staff.news.item.correct': '2. Correct “{title}”',
  'staff.news.item.publish': 'Publish',
  'staff.news.item.saveCorrection': 'Save the correction',
  'staff.news.list.heading': 'News items',
  'staff.news.list.line': '({date}, version {version})',
  'staff.news.list.lineWithdrawn': '({date}, version {version}, withdrawn)',
  'staff.news.list.edit': 'Edit',
  'staff.news.list.withdraw': 'Withdraw',
  'staff.news.field.title': 'Title',
  'staff.news.field.date': 'Date',
  'staff.news.field.text': 'Text',
  'staff.news.field.summary': 'Summary',
  'staff.news.field.picture': 'Picture number',
  'staff.news.field.alt': 'Picture description (alt text)',
  'staff.news.hint.date': 'The day of the news, Manila time (YYYY-MM-DD).',
  'staff.news.hint.text':
    'Markdown: a blank line between paragraphs, *italic*, **bold**, [words](https://address) for a link (http, https, mailto or a page of this site), lines starting with "- " or "1. " for a list, "## " for a heading. HTML is shown as text.',
  'staff.news.hint.summary':
    'Optional: one or two sentences for the news cards. Left empty, the start of the text is used.',
  'staff.news.hint.picture':
    'Upload the picture with the form above; the number it gets is filled in here.',
  'staff.news.hint.alt': 'What the picture shows, for people who cannot see it.',
  // The input checks' words (shared/news.ts); the API answers them in English.
  'staff.news.error.required': '{label} is required.',
  'staff.news.error.tooLong': '{label} must be at most {max} characters.',
  'staff.news.error.label.title': 'The title',
  'staff.news.error.label.summary': 'The summary',
  'staff.news.error.label.text': 'The text',
  'staff.news.error.label.alt': 'A description of the picture (alt text)',
  'staff.news.error.date': 'The date must be a real date written YYYY-MM-DD, like 2026-03-05.',
  'staff.news.error.pictureMissing': 'Upload a picture first; every news item has one.',
  'staff.news.error.pictureId': 'The picture must be the id an upload answered.',
  'staff.news.error.reasonRequired': 'Give the reason for this change; it is shown to the public.',
  'staff.news.error.reasonTooLong': 'The reason must be at most {max} characters.',
  // Refusals of a write; in English the page shows the service's own words, with their details.
  'staff.news.refused.notSaved': 'Not saved: {message} What you typed is kept below.',
  'staff.news.refused.changed':
    'This news item has changed since you opened it, or it was withdrawn. Reload it, check the changes and make yours again.',
  'staff.news.refused.noItem': 'There is no such news item.',
  'staff.news.refused.noPicture':
    'There is no picture {number}. Upload the picture first and use the id it answers.',
  'staff.news.refused.unchanged': 'Nothing to change: every field is as it was.',
  'staff.news.refused.failed':
    'The news item could not be saved. Please try again; what you typed is kept.',

  // Advisories (/staff/advisories).
  'staff.advisories.title': 'Advisories',
  'staff.advisories.pageTitle': 'Advisories (staff)',
  'staff.advisories.description': 'Post, correct and end advisories.',
  'staff.advisories.noRole':
    'Your account does not have the information role, which posting advisories needs. Ask an administrator to add it.',
  'staff.advisories.done.posted': 'Advisory posted.',
  'staff.advisories.done.amended': 'Advisory corrected.',
  'staff.advisories.done.ended': 'Advisory ended: its banner is gone.',
  'staff.advisories.state.upcoming': 'Scheduled',
  'staff.advisories.state.active': 'Shown now',
  'staff.advisories.state.past': 'Over',
  'staff.advisories.stateLine': '{state} · version {version}',
  'staff.advisories.post.heading': 'Post an advisory',
  'staff.advisories.post.explain':
    'It shows as a banner at the top of every public page from its start to its end, and on {link}.',
  'staff.advisories.post.link': 'the advisories page',
  'staff.advisories.post.button': 'Post advisory',
  'staff.advisories.all.heading': 'All advisories',
  'staff.advisories.all.none': 'No advisory has been posted yet.',
  'staff.advisories.all.correctOrEnd': 'Correct or end',
  'staff.advisories.hint.severity': 'Danger for threats to life, such as a typhoon signal.',
  'staff.advisories.hint.text': 'Plain text, at most {max} characters.',
  'staff.advisories.hint.time': 'Manila time.',
  'staff.advisories.reason.label': 'Reason',
  'staff.advisories.reason.hint': 'Shown to the public on the advisories page.',
  'staff.advisories.correct.heading': 'Correct “{title}”',
  'staff.advisories.correct.button': 'Save correction',
  'staff.advisories.end.heading': 'End “{title}” now',
  'staff.advisories.end.button': 'End now',
  'staff.advisories.close': 'Close',
  // The input checks' words (shared/advisories.ts); the API answers them in English.
  'staff.advisories.error.severity': 'Severity must be one of {severities}.',
  'staff.advisories.error.required': '{label} is required.',
  'staff.advisories.error.tooLong': '{label} must be at most {max} characters.',
  'staff.advisories.error.label.title': 'Title',
  'staff.advisories.error.label.text': 'Text',
  'staff.advisories.error.label.starts': 'Start',
  'staff.advisories.error.label.ends': 'End',
  'staff.advisories.error.time':
    '{label} must be a real date and time, like 2026-01-31T08:00:00Z or 2026-01-31T16:00 (Manila time), or a real day, like 2026-01-31 (from midnight in Manila).',
  'staff.advisories.error.endBeforeStart': 'The end must be after the start.',
  'staff.advisories.error.endsPassed':
    'The end has already passed: this advisory would never be shown.',
  'staff.advisories.error.reasonRequired':
    'Give the reason for this change; it is shown to the public.',
  'staff.advisories.error.reasonTooLong': 'The reason must be at most {max} characters.',
  'staff.advisories.error.version':
    'Send the version of the advisory you are changing, a whole number from 1.',
  // Refusals of a write; in English the page shows the service's own words, with their details.
  'staff.advisories.refused.notSaved': 'Not saved: {message} What you typed is kept below.',
  'staff.advisories.refused.changed':
    'This advisory has changed since you opened it, or it is over. Reload the page, check it and make your change again.',
  'staff.advisories.refused.noItem': 'There is no such advisory.',
  'staff.advisories.refused.unchanged': 'Nothing to change: every field is as it was.',
  'staff.advisories.refused.formExpired':
    'This form has expired. Reload the page and try again; what you typed is kept.',
  'staff.advisories.refused.failed':
    'The advisory could not be saved. Please try again; what you typed is kept.',

  // Full Disclosure (/staff/full-disclosure).
  'staff.fullDisclosure.title': 'Full Disclosure',
} as const;

export type StaffMessageKey = keyof typeof staffEn;

/** A staff catalogue: every key of the English one, each with its text. */
export type StaffMessages = { readonly [K in StaffMessageKey]: string };
