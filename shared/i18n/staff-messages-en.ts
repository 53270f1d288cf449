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

  // Staff home and accounts (/staff, /staff/accounts, /staff/set-password).
  'staff.home.title': 'Staff area',
  'staff.home.description': 'The parts of the website your account can change.',
  'staff.home.areasHeading': 'What your account can do',
  'staff.home.area.input': 'Procurement records',
  'staff.home.area.inputText': 'Add, correct and withdraw procurement records and their documents.',
  'staff.home.area.news': 'News',
  'staff.home.area.newsText': 'Post, edit and withdraw news items.',
  'staff.home.area.advisories': 'Advisories',
  'staff.home.area.advisoriesText': 'Post urgent notices shown on every public page, and end them.',
  'staff.home.area.fullDisclosure': 'Full Disclosure',
  'staff.home.area.fullDisclosureText': 'Post the Full Disclosure Policy documents.',
  'staff.home.area.accounts': 'Staff accounts',
  'staff.home.area.accountsText':
    'Add accounts, change roles, disable accounts and reset passwords.',
  'staff.role.admin': 'Administrator (staff accounts)',
  'staff.role.bac': 'BAC (procurement records)',
  'staff.role.information': 'Information (news and advisories)',
  'staff.role.transparency': 'Transparency (Full Disclosure documents)',
  'staff.role.short.admin': 'admin',
  'staff.role.short.bac': 'bac',
  'staff.role.short.information': 'information',
  'staff.role.short.transparency': 'transparency',
  'staff.accounts.title': 'Staff accounts',
  'staff.accounts.description': 'Staff accounts and what each may do.',
  'staff.accounts.notAdmin':
    'Your account cannot manage staff accounts: it needs the Administrator role. Ask an administrator.',
  'staff.accounts.listHeading': 'Accounts',
  'staff.accounts.field.email': 'E-mail address',
  'staff.accounts.field.displayName': 'Name',
  'staff.accounts.field.roles': 'Roles',
  'staff.accounts.field.setPassword': 'First password',
  'staff.accounts.choice.link': 'A set-password link for its owner (works once, for 24 hours)',
  'staff.accounts.choice.generated': 'A generated strong password',
  'staff.accounts.addHeading': 'Add an account',
  'staff.accounts.addButton': 'Add account',
  'staff.accounts.notAdded': 'The account was not added:',
  'staff.accounts.status': 'Status',
  'staff.accounts.lastSignIn': 'Last sign-in',
  'staff.accounts.lastSignInTime': '{time} (Manila)',
  'staff.accounts.never': 'Never',
  'staff.accounts.active': 'Active',
  'staff.accounts.awaiting': 'Active; waiting for its owner to set a password',
  'staff.accounts.disabled': 'Disabled',
  'staff.accounts.of': ' of {name}',
  'staff.accounts.changeRoles': 'Change roles',
  'staff.accounts.rolesOf': 'Roles of {name}',
  'staff.accounts.saveRoles': 'Save roles',
  'staff.accounts.resetPassword': 'Reset password',
  'staff.accounts.resetHint':
    'The old password stops working and the account’s open sessions end. The new password is shown to you once.',
  'staff.accounts.newPasswordFor': 'New password for {name}',
  'staff.accounts.disable': 'Disable',
  'staff.accounts.enable': 'Enable',
  'staff.accounts.issuedPassword': 'The new password for {email}',
  'staff.accounts.issuedLink': 'The set-password link for {email}',
  'staff.accounts.issuedOnce':
    'It is shown only this once and kept nowhere readable: copy it now and give it to its owner by a safe route (in person, by phone or a message separate from the e-mail address).',
  'staff.accounts.issuedLinkWorks':
    'The link works once, until {time} (Manila time); its owner chooses a password with it.',
  'staff.accounts.issuedKeep': 'Its owner should keep it in a password manager.',
  'staff.accounts.added': 'Added {email} with the roles: {roles}.',
  'staff.accounts.rolesChanged': '{email} now has the roles: {roles}.',
  'staff.accounts.enabled': 'Enabled {email}.',
  'staff.accounts.disabledDone': 'Disabled {email}; its open sessions have ended.',
  'staff.accounts.reset':
    'New password for {email}: its open sessions have ended and its old password no longer works.',
  'staff.accounts.unknownIntent': 'Nothing was changed: the form sent no known action.',
  'staff.accounts.refused.invalid': 'Nothing was changed: check the form.',
  'staff.accounts.refused.notAdmin':
    'Nothing was changed: your account needs the Administrator role for this.',
  'staff.accounts.refused.noAccount': 'There is no staff account {email}.',
  'staff.accounts.refused.emailTaken': 'An account for {email} already exists.',
  'staff.accounts.refused.lastAdmin':
    'This is the last active administrator: give another account the admin role first.',
  'staff.accounts.refused.noRole': 'An account needs at least one role; disable it instead.',
  'staff.accounts.problem.emailFormat':
    'E-mail address: enter an address such as name@example.gov.ph.',
  'staff.accounts.problem.emailTaken': 'An account for {email} already exists.',
  'staff.accounts.problem.nameLength': "Name: enter the person's name (at most {max} characters).",
  'staff.accounts.problem.rolesNone': 'Roles: choose at least one role.',
  'staff.accounts.problem.rolesUnknown': 'Roles: choose only the roles listed.',
  'staff.accounts.problem.passwordChoice':
    'First password: choose a set-password link or a generated password.',
  'staff.setPassword.title': 'Set your password',
  'staff.setPassword.description': 'Set the password of a staff account.',
  'staff.setPassword.intro':
    'Choose the password for {email}. This link works once, until {time} (Manila time).',
  'staff.setPassword.password': 'New password',
  'staff.setPassword.passwordHint':
    'At least {min} characters; {recommended} or more is better, and a few unrelated words are easy to remember. Not a commonly used password, and not your e-mail address.',
  'staff.setPassword.confirm': 'Repeat the new password',
  'staff.setPassword.submit': 'Set password',
  'staff.setPassword.differ': 'The two passwords differ: type the same password in both boxes.',
  'staff.setPassword.refused': 'Password refused: {problem}.',
  'staff.setPassword.problem.tooShort':
    'it is too short: use at least {min} characters ({recommended} or more is better)',
  'staff.setPassword.problem.tooLong': 'it is too long: use at most {max} characters',
  'staff.setPassword.problem.common': 'it is one of the most commonly used passwords',
  'staff.setPassword.problem.containsEmail': 'it contains the e-mail address',
  'staff.setPassword.problem.oneCharacter': 'it repeats a single character',
  'staff.setPassword.link.unknown':
    'This set-password link is not valid. Check that the whole link was copied, or ask an administrator for a new one.',
  'staff.setPassword.link.expired':
    'This set-password link has expired (links work for {hours} hours). Ask an administrator for a new one.',
  'staff.setPassword.link.used':
    'This set-password link has already been used. Sign in with the password you set, or ask an administrator for a new link.',
  'staff.setPassword.link.replaced':
    'This set-password link was replaced by a newer link or password. Use the newest link, or ask an administrator for a new one.',
  'staff.setPassword.link.disabled': 'This account is disabled. Ask an administrator.',
  'staff.setPassword.toSignIn': 'Go to the staff sign-in',

  // News (/staff/news).
  'staff.news.title': 'News',

  // Advisories (/staff/advisories).
  'staff.advisories.title': 'Advisories',

  // Full Disclosure (/staff/full-disclosure).
  'staff.fullDisclosure.title': 'Post Full Disclosure documents',
  'staff.fullDisclosure.description':
    'Transparency staff post the DILG Full Disclosure Policy documents here.',
  'staff.fullDisclosure.outcome.posted': 'Posted.',
  'staff.fullDisclosure.outcome.corrected':
    'Correction posted; the earlier file stays in the history.',
  'staff.fullDisclosure.outcome.forbidden':
    'Your account cannot post Full Disclosure documents: it needs the {role} role. Ask an administrator.',
  'staff.fullDisclosure.outcome.type': 'Choose a document type.',
  'staff.fullDisclosure.outcome.year': 'Give the fiscal year, written like 2025.',
  'staff.fullDisclosure.outcome.quarter':
    'Give the quarter (1 to 4) for a quarterly document, and none for an annual one.',
  'staff.fullDisclosure.outcome.reason':
    'This period already has a file: a new one is a correction and needs a reason (at most 500 characters).',
  'staff.fullDisclosure.outcome.file': 'Choose a PDF or XLSX file to post.',
  'staff.fullDisclosure.outcome.tooLarge': 'The file is too large to post.',
  'staff.fullDisclosure.outcome.unsupported': 'Only PDF and XLSX files can be posted.',
  'staff.fullDisclosure.outcome.sameFile':
    'This very file is already the one posted for that period: nothing changed.',
  'staff.fullDisclosure.seePosting': 'See the posting and its history',
  'staff.fullDisclosure.document': 'Document',
  'staff.fullDisclosure.selectDocument': 'Select a document',
  'staff.fullDisclosure.annual': 'Annual',
  'staff.fullDisclosure.quarterly': 'Quarterly',
  'staff.fullDisclosure.fiscalYear': 'Fiscal year',
  'staff.fullDisclosure.quarter': 'Quarter',
  'staff.fullDisclosure.noQuarter': 'None (annual document)',
  'staff.fullDisclosure.quarterOption': 'Q{quarter}',
  'staff.fullDisclosure.reason': 'Reason for a correction',
  'staff.fullDisclosure.reasonHint':
    'Only when the period already has a file: say why the new file replaces it. The earlier file stays public in the history.',
  'staff.fullDisclosure.file': 'File (PDF or XLSX)',
  'staff.fullDisclosure.submit': 'Post the document',
  'staff.fullDisclosure.gridHeading': 'What is posted',
} as const;

export type StaffMessageKey = keyof typeof staffEn;

/** A staff catalogue: every key of the English one, each with its text. */
export type StaffMessages = { readonly [K in StaffMessageKey]: string };
