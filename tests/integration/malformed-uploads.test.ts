import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentsDir } from '../../server/documents/document-store.ts';
import { picturesDir } from '../../server/news/pictures.ts';
import { signedInStaff, type ApiVisitor } from '../helpers/staff.ts';
import { useTestApp } from '../helpers/test-app.ts';

const PASSWORD = 'broken boundaries of the plaza';
const BOUNDARY = 'plaza-boundary';
const WITH_BOUNDARY = `multipart/form-data; boundary=${BOUNDARY}`;
const FILE_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="plaza.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

/** Bodies no browser sends whole: what a broken client, a dropped proxy or a probe sends. */
const MALFORMED: { name: string; contentType: string; body: Buffer }[] = [
  {
    name: 'with no boundary in its type',
    contentType: 'multipart/form-data',
    body: Buffer.from('hi'),
  },
  {
    name: 'with no boundary in its body',
    contentType: WITH_BOUNDARY,
    body: Buffer.from('not a multipart body at all'),
  },
  {
    name: 'cut off inside a field',
    contentType: WITH_BOUNDARY,
    body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhal`),
  },
  {
    // Long enough that the file part reaches the store before the body ends.
    name: 'cut off inside the file',
    contentType: WITH_BOUNDARY,
    body: Buffer.concat([
      Buffer.from(FILE_HEAD),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(256 * 1024, 7),
    ]),
  },
];

describe('malformed multipart bodies to the upload routes', () => {
  const logLines: string[] = [];
  const testApp = useTestApp(
    { TRUST_PROXY: '1', LOG_LEVEL: 'info' },
    { logStream: { write: (line) => logLines.push(line) } },
  );
  let staff: ApiVisitor;
  let token: string;

  beforeAll(async () => {
    ({ visitor: staff } = await signedInStaff(testApp, 'uploads@san-isidro.gov.ph', PASSWORD, [
      'bac',
      'information',
    ]));
    token = await staff.csrfToken();
  });

  const routes = [
    { url: '/api/pictures', api: true },
    { url: '/staff/news/picture', api: false },
    { url: '/api/documents', api: true },
  ];
  for (const { url, api } of routes) {
    for (const { name, contentType, body } of MALFORMED) {
      it(`${url}: a body ${name} is answered 400, with no server error logged`, async () => {
        logLines.length = 0;
        const response = await staff.request({
          method: 'POST',
          url,
          headers: { 'content-type': contentType, 'x-csrf-token': token },
          payload: body,
        });
        expect(response.statusCode, response.body).toBe(400);
        if (api) {
          expect(response.json()).toMatchObject({
            statusCode: 400,
            error: 'Bad Request',
            message: expect.stringMatching(
              /^The upload could not be read: the multipart\/form-data body is malformed or cut short/,
            ),
          });
        } else {
          expect(response.body).toContain('Request not understood');
        }
        const errors = logLines.filter(
          (line) => (JSON.parse(line) as { level: number }).level >= 50,
        );
        expect(errors).toEqual([]);
        expect(logLines.join('\n')).not.toContain('"stack"');
      });
    }
  }

  it('leaves no part of a cut-off file in the picture or document folders', async () => {
    const leftovers = async (dir: string) =>
      (await readdir(dir).catch(() => [] as string[])).filter((name) => name.startsWith('.'));
    expect(await leftovers(picturesDir(testApp.config.dataDir))).toEqual([]);
    expect(await leftovers(documentsDir(testApp.config.dataDir))).toEqual([]);
  });

  it('answers a well-formed body without a file as before', async () => {
    const response = await staff.request({
      method: 'POST',
      url: '/api/documents',
      headers: { 'content-type': WITH_BOUNDARY, 'x-csrf-token': token },
      payload: Buffer.from(`--${BOUNDARY}--\r\n`),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Choose a file to upload (field "file").' });
  });
});
