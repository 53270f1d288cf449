import { VALIDATION_MESSAGES_EN } from '../records/record-validation.ts';

/**
 * The staff pages' words in English (sign-in, record input, staff home, accounts, news,
 * advisories, Full Disclosure). A catalogue of its own, apart from the public one in
 * messages-en.ts: the public catalogue travels in every Filipino page's hydration data,
 * while these words travel only in the staff pages' lazily loaded code, so residents'
 * phones never download them. `StaffMessages` makes a missing key in another language a
 * compile error, and tests/unit/i18n-catalogues.test.ts compares the placeholders.
 */
export const staffEn = {
  // The staff frame: navigation and areas (client/staff/).
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
  'staff.login.title': 'Staff sign-in',
  'staff.login.description': 'Sign-in for staff of the Bids and Awards Committee.',
  'staff.login.username': 'Username',
  'staff.login.usernameHint': 'Your e-mail address',
  'staff.login.password': 'Password',
  'staff.login.submit': 'Login',
  'staff.login.signedOut': 'You have signed out.',
  'staff.login.passwordSet': 'Your password is set. Sign in with it.',
  'staff.login.successful': 'Login successful',
  'staff.login.wrongCredentials': 'Wrong Credentials',
  'staff.login.fillIn': 'Fill in your {fields}.',
  'staff.login.and': ' and ',
  'staff.login.throttled': 'Too many failed sign-in attempts. Try again after {time}.',
  'staff.login.throttledSoon': 'Too many failed sign-in attempts. Try again in a few minutes.',
  'staff.login.busy': 'Many people are signing in right now. Try again in a few seconds.',
  'staff.login.forgot': 'Forgot your password?',
  'staff.input.title': 'Add a procurement record',
  'staff.input.titleEdit': 'Edit a procurement record',
  'staff.input.titleWithdraw': 'Withdraw a procurement record',
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
  'staff.input.planLink': 'Upload the year’s Annual Procurement Plan (APP)',
  'staff.input.projectsLink': 'Procurement projects: abstract of bids, contract and completion',
  // The BAC's list of procurement projects, linking each project's staff pages (issue 34).
  'staff.projects.title': 'Procurement projects',
  'staff.projects.description':
    'Every procurement project, with links to its public page, its abstract of bids and its contract and completion.',
  'staff.projects.search': 'Find a project by title, OCID, PR number or PhilGEPS reference',
  'staff.projects.find': 'Find',
  'staff.projects.showing': 'Projects {first} to {last} of {total}',
  'staff.projects.empty':
    'No procurement project yet. Upload the APP or add a notice to start one.',
  'staff.projects.noMatch': 'No project matches “{q}”.',
  'staff.projects.caption': 'Procurement projects, page {page}',
  'staff.projects.project': 'Project',
  'staff.projects.year': 'Year',
  'staff.projects.status': 'Status',
  'staff.projects.pages': 'Staff pages',
  'staff.projects.bids': 'Abstract of bids',
  'staff.projects.contract': 'Contract and completion',
  'staff.projects.forbidden':
    'Your account cannot open this page: it needs the BAC (procurement records) role. Ask an administrator.',
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
  'staff.input.formKeySpentOnOtherKind':
    'This form was already used to add a record of another type, so nothing was stored. Clear the form (a new form) to add this record.',
  'staff.input.noBacRole':
    'Your account cannot do this: it needs the BAC (procurement records) role. Ask an administrator.',
  'staff.input.noSuchType': 'There is no such record type.',
  // The abstract of bids (issue 34): shared/procurement-projects/bid.ts's codes in words.
  'staff.bid.title': 'Abstract of bids: {title}',
  'staff.bid.intro':
    'Add each bidder of this project, the amount it bid and what the committee found. The project page shows the abstract to the public.',
  'staff.bid.bidder': 'Bidder',
  'staff.bid.bidderHint': 'The bidder’s name as in its bid.',
  'staff.bid.amount': 'Bid amount (₱)',
  'staff.bid.amountHint': 'In pesos, like 1234567.89 or 1,234,567.89.',
  'staff.bid.outcome': 'Outcome',
  'staff.bid.chooseOutcome': 'Choose an outcome',
  'staff.bid.reason': 'Reason',
  'staff.bid.reasonHint': 'Required unless the bid passed. The public reads it.',
  'staff.bid.submit': 'Add the bid',
  'staff.bid.added': 'Bid added. The project page shows it.',
  'staff.bid.stored': 'Bids entered so far: {count}',
  'staff.bid.viewProject': 'See the project page',
  'staff.bid.reviewSuppliers': 'Review bidders and suppliers whose names look like one company',
  'staff.bid.invalid': 'The bid was not stored. Correct the fields marked and try again.',
  'staff.bid.lcrbTaken':
    'The bid was not stored: this project already has its lowest calculated responsive bid (LCRB). A project has one.',
  'staff.bid.problem.required': 'Fill this in.',
  'staff.bid.problem.tooLong': 'This is too long.',
  'staff.bid.problem.negative': 'An amount must not be negative.',
  'staff.bid.problem.commas': 'Use commas only between groups of three digits, like 1,234,567.89.',
  'staff.bid.problem.format': 'Give an amount in pesos, like 1234567.89 or 1,234,567.89.',
  'staff.bid.problem.decimals': 'An amount has at most 2 decimal places (centavos).',
  'staff.bid.problem.tooLarge': 'The amount is too large.',
  'staff.bid.problem.unknownOutcome': 'Choose one of the outcomes listed.',
  'staff.bid.outcome.lcrb': 'Lowest calculated responsive bid (LCRB)',
  'staff.bid.outcome.responsive': 'Responsive',
  'staff.bid.outcome.failed-eligibility': 'Failed: eligibility',
  'staff.bid.outcome.failed-preliminary': 'Failed: preliminary examination',
  'staff.bid.outcome.failed-evaluation': 'Failed: detailed evaluation',
  'staff.bid.outcome.failed-post-qualification': 'Failed: post-qualification',
  'staff.bid.outcome.withdrawn': 'Withdrawn',
  // RA 12009 section 38: a project's procurement conferences, observers and category (issue 34).
  'staff.conference.title': 'Procurement conferences: {title}',
  'staff.conference.intro':
    'Post each procurement conference of this project with its livestream and recording links, the observers invited, and the project’s procurement category, which decides whether RA 12009 section 38 applies. The project page shows them.',
  'staff.conference.viewProject': 'See the project page',
  'staff.conference.applies.yes':
    'Section 38 applies: the ABC is above the threshold for this category.',
  'staff.conference.applies.no':
    'Section 38 does not apply: the ABC is not above the threshold. The project page shows none of this.',
  'staff.conference.applies.unknown':
    'The category is not stated, so the project page says it is not known whether section 38 applies. State it below.',
  'staff.conference.categoryHeading': 'Procurement category',
  'staff.conference.category': 'Category',
  'staff.conference.chooseCategory': 'Choose a category',
  'staff.conference.categorySubmit': 'Save the category',
  'staff.conference.conferenceHeading': 'Add or correct a conference',
  'staff.conference.kind': 'Conference',
  'staff.conference.chooseKind': 'Choose a conference',
  'staff.conference.date': 'Date',
  'staff.conference.dateHint': 'The day, written YYYY-MM-DD, like 2026-03-05.',
  'staff.conference.livestream': 'Livestream link',
  'staff.conference.recording': 'Recording link',
  'staff.conference.linkHint': 'An address starting with https://. Leave it empty when not posted.',
  'staff.conference.conferenceSubmit': 'Save the conference',
  'staff.conference.observerHeading': 'Add or correct an observer',
  'staff.conference.name': 'Name',
  'staff.conference.organisation': 'Organisation',
  'staff.conference.invited': 'Date invited',
  'staff.conference.observerSubmit': 'Save the observer',
  'staff.conference.corrects': 'Correct an entry',
  'staff.conference.new': 'None: add a new one',
  'staff.conference.reason': 'Reason for the correction',
  'staff.conference.reasonHint':
    'Required when correcting an entry or a stated category. The earlier statement stays in the history.',
  'staff.conference.added': 'Saved. The project page shows it.',
  'staff.conference.corrected': 'Corrected. The earlier statement stays in the history.',
  'staff.conference.invalid': 'Nothing was stored. Correct the fields marked and try again.',
  'staff.conference.noSuchEntry': 'This project has no such entry to correct.',
  'staff.conference.problem.required': 'Fill this in.',
  'staff.conference.problem.tooLong': 'This is too long.',
  'staff.conference.problem.unknown': 'Choose one of the choices listed.',
  'staff.conference.problem.date': 'Give a real date written YYYY-MM-DD, like 2026-03-05.',
  'staff.conference.problem.notHttps': 'The link must start with https:// (a secure address).',
  'staff.conference.problem.link': 'Give a whole web address, like https://www.facebook.com/….',
  'staff.project.heading': 'Procurement project',
  'staff.project.hint':
    'The contracting process this notice is part of. A notice with the PhilGEPS reference number of a project joins it by itself.',
  'staff.project.search': 'Find a project by PR number, PhilGEPS reference, APP code or title',
  'staff.project.find': 'Find',
  'staff.project.new': 'Start a new project (from this notice)',
  'staff.project.noMatch': 'No project matches “{q}”.',
  'staff.project.noSuchProject':
    'The procurement project chosen is not there. Search for it again, or start a new one.',
  'staff.project.alreadyInProject': 'The notice is already part of that project.',
  'staff.project.moveFailed': 'The notice could not be moved. Give a reason and try again.',
  'staff.amendment.invalid':
    'The contract amendment was not stored. Give the new total amount, its date (YYYY-MM-DD) and a reason.',
  'staff.completion.invalid':
    'The completion was not stored. Give the date of completion (YYYY-MM-DD).',
  'staff.completion.reasonRequired':
    'The project has a completion already: give the reason for correcting it.',
  'staff.contract.title': 'Contract amendments and completion',
  'staff.contract.description':
    'Add a contract amendment (variation order) or state the completion of a procurement project.',
  'staff.contract.project': 'Project: {title}',
  'staff.contract.publicPage': 'See the public page of the project',
  'staff.contract.amendHeading': 'Add a contract amendment',
  'staff.contract.amount': 'New total contract amount',
  'staff.contract.amendDate': 'Date of the amendment (YYYY-MM-DD)',
  'staff.contract.reason': 'Reason',
  'staff.contract.variationOrder': 'Signed variation order (PDF, optional)',
  'staff.contract.amendSubmit': 'Add the amendment',
  'staff.contract.completeHeading': 'Completion',
  'staff.contract.completedOn': 'Completion stated: {date}. Stating it again corrects it.',
  'staff.contract.completionDate': 'Date of completion (YYYY-MM-DD)',
  'staff.contract.correctionReason': 'Reason for the correction',
  'staff.contract.correctionHint': 'Needed only when correcting a completion already stated.',
  'staff.contract.certificate': 'Certificate of completion or acceptance (PDF, optional)',
  'staff.contract.completeSubmit': 'Record the completion',
  'staff.contract.outcome.amended': 'The contract amendment was added.',
  'staff.contract.outcome.completed': 'The completion was recorded.',
  'staff.contract.problem.amount': 'Give the new total amount in pesos, like 1,234,567.89.',
  'staff.contract.problem.date': 'Give a real date written YYYY-MM-DD.',
  'staff.contract.problem.reason': 'Give a reason of at most 1,000 characters.',
  'staff.contract.problem.tooLarge': 'The file is too large. Nothing was stored.',
  'staff.contract.problem.unsupported': 'The document must be a PDF. Nothing was stored.',
  'staff.contract.notStored': 'Nothing was stored; correct what is marked and send again.',
  'staff.input.optional': 'Optional.',
  'staff.input.required': 'Required.',
  'staff.input.chooseTypeFirst': 'Choose the type of record first; its fields then appear.',
  'staff.input.moneyHint': 'In pesos, like 1,234,567.89.',
  'staff.input.datetimeHint': 'Manila time.',
  'staff.input.linkHint':
    'A web address starting with https://, or the link of a document uploaded here.',
  'staff.input.chooseOne': 'Choose one',
  'staff.input.other': 'Other (type it below)',
  'staff.input.otherLabel': 'If Other, the {label}',
  // The validation messages (staff.validation.*): their English lives with the checks, which
  // the API and imports use, and which public pages import for isWebAddress without wanting
  // this whole catalogue.
  ...VALIDATION_MESSAGES_EN,
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

  // Staff home and accounts (/staff, /staff/accounts, /staff/set-password).
  'staff.home.title': 'Staff area',
  'staff.home.description': 'The parts of the website your account can change.',
  'staff.home.areasHeading': 'What your account can do',
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
  'staff.accounts.never': 'Never',
  'staff.accounts.active': 'Active',
  'staff.accounts.awaiting': 'Active; waiting for its owner to set a password',
  'staff.accounts.disabled': 'Disabled',
  'staff.accounts.needsLink':
    'Active, but no password is set and its set-password link no longer works: reset its password to give a new one',
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
    'The link works once, until {time}; its owner chooses a password with it.',
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
  'staff.setPassword.intro': 'Choose the password for {email}. This link works once, until {time}.',
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
  'staff.setPassword.link.revoked':
    'This set-password link was cancelled when the account was disabled. Ask an administrator for a new one.',
  'staff.setPassword.link.disabled': 'This account is disabled. Ask an administrator.',
  'staff.setPassword.toSignIn': 'Go to the staff sign-in',

  // A forgotten password (/staff/forgot-password): a set-password link by e-mail.
  'staff.forgot.title': 'Forgot your password',
  'staff.forgot.description': 'Have a link to set a new staff password sent to your e-mail.',
  'staff.forgot.intro':
    'Type the e-mail address you sign in with. If a staff account uses it, a link to set a new password is sent there; it works once, for {hours} hours. Until you use it, your present password keeps working.',
  'staff.forgot.email': 'E-mail address',
  'staff.forgot.submit': 'Send the link',
  'staff.forgot.sent':
    'If an account uses that address, a link to set a new password has been sent. Check your e-mail, the spam folder included.',
  'staff.forgot.noMail':
    'This site does not send e-mail, so a forgotten password cannot be reset here. Ask an administrator.',
  'staff.forgot.problem.missing': 'Enter your e-mail address.',
  'staff.forgot.problem.format': 'Enter an e-mail address like name@example.gov.ph.',
  // The mail that carries the link (server/staff-accounts/password-reset-mail.ts).
  'staff.resetMail.subject': 'A link to set a new password',
  'staff.resetMail.asked':
    'Someone asked for a new password for the staff account {email} at {site}.',
  'staff.resetMail.open': 'To choose a new password, open this link. It works once, until {time}:',
  'staff.resetMail.notYou':
    'If you did not ask, ignore this message: your password stays as it is, and the link stops working by itself.',

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
  'staff.news.upload.tooManyPixels':
    'The picture has too many pixels: at most 64 megapixels (such as 8000 × 8000) can be uploaded. Make it smaller and upload it again.',
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
  'staff.news.hint.date': 'The day the news happened, as the date picker shows it.',
  'staff.news.hint.text':
    'Markdown: a blank line between paragraphs, *italic*, **bold**, [words](https://address) for a link (http, https, mailto, tel or a page of this site), lines starting with "- " or "1. " for a list, "## " for a heading. HTML is shown as text.',
  'staff.news.hint.summary':
    'Optional: one or two sentences for the news cards. Left empty, the start of the text is used.',
  'staff.news.hint.picture':
    'Upload the picture with the form above; the number it gets is filled in here.',
  'staff.news.hint.alt': 'What the picture shows, for people who cannot see it.',
  // The input checks' words (shared/news/news.ts); the API answers them in English.
  'staff.news.error.required': '{label} is required.',
  'staff.news.error.tooLong': '{label} must be at most {max} characters.',
  'staff.news.error.tooDeep':
    'The text nests quotations or lists more than {max} deep; write it with fewer levels.',
  'staff.news.error.label.title': 'The title',
  'staff.news.error.label.summary': 'The summary',
  'staff.news.error.label.text': 'The text',
  'staff.news.error.label.alt': 'A description of the picture (alt text)',
  'staff.news.error.date': 'The date must be a real date written YYYY-MM-DD, like 2026-03-05.',
  'staff.news.error.pictureMissing': 'Upload a picture first; every news item has one.',
  'staff.news.error.pictureId': 'The picture must be the id an upload answered.',
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
  // The input checks' words (shared/advisories/advisories.ts); the API answers them in English.
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
    'This period already has a file: a new one is a correction and needs a reason (at most 1,000 characters).',
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
  // Deleting a news item or an advisory posted by mistake (shared/deletion.ts), on both pages.
  'staff.delete.link': 'Delete',
  'staff.delete.heading': 'Delete “{title}”',
  'staff.delete.explain':
    'Only for what was posted by mistake: it goes from every page and feed with its history, and cannot be brought back. To take down what was true when posted, withdraw or end it instead, which keeps it public with your reason. The audit log keeps who deleted it, when and why.',
  'staff.delete.reason.label': 'Reason',
  'staff.delete.reason.hint': 'Kept in the audit log, not shown to the public.',
  'staff.delete.button': 'Delete for good',
  'staff.delete.done': 'Deleted. The audit log keeps who deleted it, when and why.',
  'staff.delete.refused.noItem': 'There is nothing to delete: it was deleted already.',
  'staff.delete.refused.noRole': 'Only an administrator can delete. Ask an administrator.',
  'staff.delete.refused.failed': 'Nothing was deleted: the server could not do it. Try again.',
  // The BAC's answers to red flags (issue 35): client/red-flags/StaffFlagAnswersPage.tsx.
  'staff.projects.flags': 'Answers to red flags',
  'staff.flagAnswer.title': 'Answers to red flags: {title}',
  'staff.flagAnswer.intro':
    'Each red flag this project raises now, with the facts that raised it. Your answer is published under the flag on the project page with its date; a correction keeps the earlier wording public in its history.',
  'staff.flagAnswer.viewProject': 'See the project page',
  'staff.flagAnswer.formHeading': 'Answer: {flag}',
  'staff.flagAnswer.text': 'Answer of the Bids and Awards Committee',
  'staff.flagAnswer.textHint':
    'Shown to the public under the flag, with its date. At most 2,000 characters.',
  'staff.flagAnswer.reason': 'Reason for the correction',
  'staff.flagAnswer.reasonHint':
    'Required to correct the answer; kept in the audit log. The earlier wording stays public in the history.',
  'staff.flagAnswer.submit': 'Publish the answer',
  'staff.flagAnswer.correct': 'Publish the correction',
  'staff.flagAnswer.answered': 'Answered. The project page shows it under the flag.',
  'staff.flagAnswer.corrected': 'Corrected. The earlier wording stays in the history.',
  'staff.flagAnswer.invalid': 'Nothing was published. Correct the fields marked and try again.',
  'staff.flagAnswer.unknownIndicator': 'There is no such red flag. Choose one of the flags listed.',
  'staff.flagAnswer.notRaised':
    'This project does not raise that flag now, so there is nothing to answer. The page lists the flags it raises.',
  'staff.flagAnswer.problem.required': 'Fill this in.',
  'staff.flagAnswer.problem.tooLong': 'This is too long.',
} as const;

export type StaffMessageKey = keyof typeof staffEn;

/** A staff catalogue: every key of the English one, each with its text. */
export type StaffMessages = { readonly [K in StaffMessageKey]: string };
