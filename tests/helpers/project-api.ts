import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ProcurementProjectDetail } from '../../shared/procurement-projects/procurement-project.ts';
import type { ApiVisitor } from './staff.ts';

/** A JSON post of the staff API with the visitor's session and CSRF token. */
export async function postJson(visitor: ApiVisitor, url: string, payload: unknown) {
  return visitor.request({
    url,
    method: 'POST',
    payload,
    headers: { 'x-csrf-token': await visitor.csrfToken() },
  });
}

/** A project as a resident reads it: its API answer, and its page in either language. */
export function projectReads(testApp: { app: FastifyInstance }) {
  return {
    detail: async (ocid: string) =>
      (
        await testApp.app.inject(`/api/procurements/${encodeURIComponent(ocid)}`)
      ).json() as ProcurementProjectDetail,
    page: async (ocid: string, lang = '') =>
      (await testApp.app.inject(`${lang}/procurement/${encodeURIComponent(ocid)}`)).body,
  };
}

/** A new project, started by an invitation to bid the visitor (BAC) posts: answers its OCID. */
export async function invitationProject(
  visitor: ApiVisitor,
  prefix: string,
  invitation: { number: string; title: string; abc: string; closing: string },
): Promise<string> {
  const posted = await postJson(visitor, '/api/records/public_bidding', {
    bid_number: invitation.number,
    project_title: invitation.title,
    abc: invitation.abc,
    closing_date: invitation.closing,
    link: `https://example.org/${invitation.number.toLowerCase()}.pdf`,
  });
  expect(posted.statusCode).toBe(201);
  return `${prefix}-public_bidding-${posted.json().id}`;
}
