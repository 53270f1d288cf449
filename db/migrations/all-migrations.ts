import type { Migration } from 'kysely';
import * as procurementRecords from './0001-procurement-records.ts';
import * as staffAccountsAndAudit from './0002-staff-accounts-and-audit.ts';
import * as recordIdentityIndex from './0003-record-identity-index.ts';
import * as pageAnchors from './0004-page-anchors.ts';
import * as staffSessions from './0005-staff-sessions.ts';
import * as documents from './0006-documents.ts';
import * as recordDocumentsAndHistory from './0007-record-documents-and-history.ts';
import * as dataVersion from './0008-data-version.ts';
import * as demoRecords from './0009-demo-records.ts';
import * as recordFormKeys from './0010-record-form-keys.ts';
import * as staffRoles from './0011-staff-roles.ts';
import * as news from './0012-news.ts';
import * as advisories from './0013-advisories.ts';
import * as fullDisclosure from './0014-full-disclosure.ts';
import * as alerts from './0015-alerts.ts';
import * as fundReportQuarters from './0016-fund-report-quarters.ts';
import * as passwordLinks from './0017-password-links.ts';
import * as alertLanguage from './0018-alert-language.ts';
import * as signInReadyAccounts from './0019-sign-in-ready-accounts.ts';
import * as newsHtml from './0020-news-html.ts';
import * as oneSubscriptionPerAddress from './0021-one-subscription-per-address.ts';
import * as seededContent from './0022-seeded-content.ts';
import * as siteCreated from './0023-site-created.ts';
import * as passwordResetMail from './0024-password-reset-mail.ts';
import * as procurementProjects from './0025-procurement-projects.ts';
import * as contractAmendments from './0026-contract-amendments.ts';
import * as annualProcurementPlan from './0027-annual-procurement-plan.ts';
import * as projectBids from './0028-project-bids.ts';
import * as projectCompletions from './0029-project-completions.ts';
import * as procurementConferences from './0030-procurement-conferences.ts';
import * as supplierIdentities from './0031-supplier-identities.ts';
import * as redFlagAnswers from './0032-red-flag-answers.ts';

/**
 * Every migration, by name in the order they apply. A static record rather than a folder
 * scan, because the server and CLI run from a bundle where the migration files are gone.
 */
export const migrations: Record<string, Migration> = {
  '0001-procurement-records': procurementRecords,
  '0002-staff-accounts-and-audit': staffAccountsAndAudit,
  '0003-record-identity-index': recordIdentityIndex,
  '0004-page-anchors': pageAnchors,
  '0005-staff-sessions': staffSessions,
  '0006-documents': documents,
  '0007-record-documents-and-history': recordDocumentsAndHistory,
  '0008-data-version': dataVersion,
  '0009-demo-records': demoRecords,
  '0010-record-form-keys': recordFormKeys,
  '0011-staff-roles': staffRoles,
  '0012-news': news,
  '0013-advisories': advisories,
  '0014-full-disclosure': fullDisclosure,
  '0015-alerts': alerts,
  '0016-fund-report-quarters': fundReportQuarters,
  '0017-password-links': passwordLinks,
  '0018-alert-language': alertLanguage,
  '0019-sign-in-ready-accounts': signInReadyAccounts,
  '0020-news-html': newsHtml,
  '0021-one-subscription-per-address': oneSubscriptionPerAddress,
  '0022-seeded-content': seededContent,
  '0023-site-created': siteCreated,
  '0024-password-reset-mail': passwordResetMail,
  '0025-procurement-projects': procurementProjects,
  '0026-contract-amendments': contractAmendments,
  '0027-annual-procurement-plan': annualProcurementPlan,
  '0028-project-bids': projectBids,
  '0029-project-completions': projectCompletions,
  '0030-procurement-conferences': procurementConferences,
  '0031-supplier-identities': supplierIdentities,
  '0032-red-flag-answers': redFlagAnswers,
};
