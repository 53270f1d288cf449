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
  'staff.nav.signedInAs': 'Signed in as {name} ({email})',
  'staff.nav.areas': 'Staff areas',
  'staff.area.records': 'Procurement records',
  'staff.area.recordsDescription':
    'Add, correct and withdraw procurement records and their documents.',
  'staff.area.news': 'News',
  'staff.area.newsDescription': 'Post, edit and withdraw news items.',
  'staff.area.advisories': 'Advisories',
  'staff.area.advisoriesDescription':
    'Post urgent notices shown on every public page, and end them.',
  'staff.area.fullDisclosure': 'Full Disclosure',
  'staff.area.fullDisclosureDescription': 'Post the Full Disclosure Policy documents.',
  'staff.area.accounts': 'Staff accounts',
  'staff.area.accountsDescription':
    'Add accounts, change roles, disable accounts and reset passwords.',

  // Sign-in, set password and record input (/bac-login, /staff/set-password, /bac-input).
  'staff.login.title': 'Login',
  'staff.login.description': 'Sign-in for staff of the Bids and Awards Committee.',
  'staff.login.username': 'Username',
  'staff.login.usernameHint': 'Your e-mail address',
  'staff.login.password': 'Password',
  'staff.login.submit': 'Login',
  'staff.login.signedOut': 'You have signed out.',
  'staff.login.passwordSet': 'Your password is set. Sign in with it.',
  'staff.login.successful': 'Login successful',
  'staff.login.wrongCredentials': 'Wrong Credentials',
  'staff.login.throttled':
    'Too many failed sign-in attempts. Try again after {time} (Philippine time).',
  'staff.login.throttledSoon': 'Too many failed sign-in attempts. Try again in a few minutes.',
  'staff.login.busy': 'Many people are signing in right now. Try again in a few seconds.',
  'staff.input.title': 'Add a procurement record',
  'staff.input.description': 'Data entry for staff of the Bids and Awards Committee.',
  'staff.input.addHeading': 'Add a record',
  'staff.input.type': 'Type of record',
  'staff.input.chooseType': 'Select an option',
  'staff.input.showFields': 'Show the fields',
  'staff.input.uploadStep': '1. Upload the document',
  'staff.input.addStep': '2. Add the record',
  'staff.input.add': 'Add',
  'staff.input.clear': 'Clear the form',
  'staff.input.seeList': 'See the {title} list',
  'staff.input.added': 'Add Successful. Added: {title} ({link})',
  'staff.input.alreadyAdded':
    'This form was already sent, so nothing new was stored. Added: {title} ({link})',
  'staff.input.viewIt': 'view it',
  'staff.input.recent': 'Recent records',
  'staff.input.noRecords': 'No records have been posted yet.',
  'staff.input.recordMeta': '{kind} · posted {time}',
  'staff.input.withdrawnMark': ' · Withdrawn',
  'staff.input.amendedMark': ' · Amended',
  'staff.input.publicPage': 'See the record’s public page',
  'staff.input.saveFailed':
    'The record could not be saved. Please try again; what you typed is kept.',
  'staff.input.formExpired':
    'This form has expired. Reload the page and try again; what you typed is kept.',
  'staff.input.formKeySpent':
    'This form was already used for a record that is no longer there. Reload the page to add a record.',
  'staff.input.noBacRole':
    'Your account cannot do this: it needs the BAC (procurement records) role. Ask an administrator.',
  'staff.input.noSuchType': 'There is no such record type.',
  'staff.input.optional': 'Optional.',
  'staff.input.moneyHint': 'In pesos, like 1,234,567.89.',
  'staff.input.datetimeHint': 'Manila time.',
  'staff.input.linkHint':
    'A web address starting with https://, or the link of a document uploaded here.',
  'staff.input.chooseOne': 'Choose one',
  'staff.input.other': 'Other (type it below)',
  'staff.input.otherLabel': 'If Other, the {label}',
  'staff.validation.fillAll': 'Fill all the Fields',
  'staff.validation.fillAllNamed': 'Fill all the Fields: {fields}.',
  'staff.validation.notText': '{label} must be text.',
  'staff.validation.tooLong': '{label} must be at most {max} characters.',
  'staff.validation.link':
    'Link must be a full web address starting with http:// or https://, or the address of a document uploaded to this site.',
  'staff.validation.moneyNegative': '{label} must not be negative.',
  'staff.validation.moneyCommas':
    '{label} may use commas only between groups of three digits, like 1,234,567.89.',
  'staff.validation.moneyFormat':
    '{label} must be an amount in pesos, like 1234567.89 or 1,234,567.89.',
  'staff.validation.moneyDecimals': '{label} may have at most 2 decimal places (centavos).',
  'staff.validation.moneyTooLarge': '{label} must be at most {max}.',
  'staff.validation.dateTime':
    '{label} must be a real date and time, like 2026-02-03T14:00 (Manila time).',
  'staff.validation.reasonRequired': 'Give the reason for this change; it is shown to the public.',
  'staff.validation.reasonTooLong': 'The reason must be at most {max} characters.',
  'staff.change.edit': 'Edit',
  'staff.change.withdraw': 'Withdraw',
  'staff.change.editHeading': 'Edit: {name}',
  'staff.change.withdrawHeading': 'Withdraw: {name}',
  'staff.change.version': '{kind}, version {version}.',
  'staff.change.editNote': 'The public page keeps the previous values and shows your reason.',
  'staff.change.withdrawNote':
    'The record leaves the public list; its page stays, marked Withdrawn with your reason.',
  'staff.change.reason': 'Reason',
  'staff.change.editReasonHint': 'Required. Why the record is corrected; shown to the public.',
  'staff.change.withdrawReasonHint': 'Required. Why the record is withdrawn; shown to the public.',
  'staff.change.save': 'Save changes',
  'staff.change.withdrawSubmit': 'Withdraw record',
  'staff.change.cancel': 'Cancel',
  'staff.change.amended':
    'The record was amended. Its public page shows the change and your reason.',
  'staff.change.withdrawn':
    'The record was withdrawn. Its public page stays, marked Withdrawn with your reason.',
  'staff.change.noSuchRecord': 'There is no such record.',
  'staff.change.missing':
    'There is no such record to change. Choose one from the recent records below.',
  'staff.change.nothingToChange': 'Nothing to change: every field is as it was.',
  'staff.change.stale':
    'Not saved: This record has changed since you opened it (it is now version {version}). Reload it, check the changes and make yours again. What you typed is kept below.',
  'staff.change.alreadyWithdrawn':
    'Not saved: This record was withdrawn on {date} and can no longer be changed. What you typed is kept below.',
  'staff.change.failed': 'The change could not be saved. Please try again; what you typed is kept.',
  'staff.upload.label': 'Document (PDF, JPEG or PNG)',
  'staff.upload.hint': 'Optional. Upload the notice itself first; the record will link to it.',
  'staff.upload.submit': 'Upload document',
  'staff.upload.done':
    'Document uploaded. Its link is filled in below; complete the record and press Add.',
  'staff.upload.missing': 'Choose a file to upload.',
  'staff.upload.unsupported': 'Only PDF, JPEG and PNG files can be uploaded.',
  'staff.upload.tooLarge': 'The file is too large to upload.',
  'staff.upload.forbidden':
    'Your account cannot upload procurement documents: it needs the BAC role. Ask an administrator.',
  'staff.upload.signedOut': 'Your session has ended. Sign in again, then upload the document.',
  'staff.upload.expired': 'This form has expired. Reload the page and try again.',
  'staff.upload.notAccepted': 'The document was not accepted.',
  'staff.upload.failed': 'The document could not be uploaded. Please try again.',

  // Staff home and accounts (/staff, /staff/accounts).
  'staff.home.title': 'Staff home',

  // News (/staff/news).
  'staff.news.title': 'News',

  // Advisories (/staff/advisories).
  'staff.advisories.title': 'Advisories',

  // Full Disclosure (/staff/full-disclosure).
  'staff.fullDisclosure.title': 'Full Disclosure',
} as const;

export type StaffMessageKey = keyof typeof staffEn;

/** A staff catalogue: every key of the English one, each with its text. */
export type StaffMessages = { readonly [K in StaffMessageKey]: string };
