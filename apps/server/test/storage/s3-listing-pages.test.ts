import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../../src/storage/s3-storage.ts';

/**
 * The object store's paged listings (issue 16): a bucket answers at most 1,000 objects and 1,000
 * multipart uploads a page, so the orphan sweep's `entries()` must follow the continuation, and
 * `remove()` must abort a multipart upload its key left behind. The s3rver emulator answers 500
 * to a truncated ListObjectsV2 and does not list multipart uploads, so a small fake S3 answers
 * these calls here, as AWS documents them, and records what it was asked.
 */

const PREFIX = 'portal/';
const BUCKET = 'anexos';
const complete = Array.from({ length: 1005 }, () => randomUUID());
const incomplete = [randomUUID(), randomUUID(), randomUUID()];
const requests: { method: string; url: string }[] = [];

const xml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>${body.replace('<NS>', ' xmlns="http://s3.amazonaws.com/doc/2006-03-01/"')}`;
const when = '2026-01-01T00:00:00.000Z';

/** ListObjectsV2: 1,000 objects, then the rest after the token `pagina-2`. */
function listObjects(url: URL): string {
  const second = url.searchParams.get('continuation-token') === 'pagina-2';
  const keys = second ? complete.slice(1000) : complete.slice(0, 1000);
  const contents = keys
    .map(
      (key) =>
        `<Contents><Key>${PREFIX}${key}</Key><LastModified>${when}</LastModified><Size>1</Size></Contents>`,
    )
    .join('');
  const more = second ? '' : '<NextContinuationToken>pagina-2</NextContinuationToken>';
  return xml(
    `<ListBucketResult<NS>><Name>${BUCKET}</Name><Prefix>${PREFIX}</Prefix><KeyCount>${keys.length}</KeyCount>` +
      `<MaxKeys>1000</MaxKeys><IsTruncated>${!second}</IsTruncated>${more}${contents}</ListBucketResult>`,
  );
}

/** ListMultipartUploads: two uploads, then the third after the markers; filtered by the prefix asked. */
function listUploads(url: URL): string {
  const prefix = url.searchParams.get('prefix') ?? '';
  const second = url.searchParams.get('key-marker') === `${PREFIX}${incomplete[1]}`;
  const all = incomplete.map((key, i) => ({ key: `${PREFIX}${key}`, id: `envio-${i}` }));
  if (prefix !== PREFIX) {
    const uploads = all.filter((u) => u.key.startsWith(prefix));
    const items = uploads.map(
      (u) => `<Upload><Key>${u.key}</Key><UploadId>${u.id}</UploadId><Initiated>${when}</Initiated></Upload>`,
    );
    return xml(
      `<ListMultipartUploadsResult<NS>><Bucket>${BUCKET}</Bucket><IsTruncated>false</IsTruncated>${items.join('')}</ListMultipartUploadsResult>`,
    );
  }
  const page = second ? all.slice(2) : all.slice(0, 2);
  const items = page.map(
    (u) => `<Upload><Key>${u.key}</Key><UploadId>${u.id}</UploadId><Initiated>${when}</Initiated></Upload>`,
  );
  const more = second
    ? ''
    : `<NextKeyMarker>${all[1]!.key}</NextKeyMarker><NextUploadIdMarker>${all[1]!.id}</NextUploadIdMarker>`;
  return xml(
    `<ListMultipartUploadsResult<NS>><Bucket>${BUCKET}</Bucket><IsTruncated>${!second}</IsTruncated>${more}${items.join('')}</ListMultipartUploadsResult>`,
  );
}

let server: Server;
let endpoint: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://s3.test');
    requests.push({ method: req.method!, url: req.url! });
    req.resume();
    req.on('end', () => {
      if (req.method === 'DELETE') return void res.writeHead(204).end();
      const body = url.searchParams.has('uploads') ? listUploads(url) : listObjects(url);
      res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const storage = () =>
  s3Storage({
    bucket: BUCKET,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'teste',
    secretAccessKey: 'teste',
    forcePathStyle: true,
    prefix: PREFIX,
  });

describe('S3 listings of more than a page', () => {
  it('entries() follows the continuation: every one of 1,005 files and every incomplete upload over two pages', async () => {
    const entries = [];
    for await (const entry of storage().entries()) entries.push(entry);
    expect(entries.filter((e) => !e.incomplete).map((e) => e.key)).toEqual(complete);
    expect(entries.filter((e) => e.incomplete).map((e) => e.key)).toEqual(incomplete);
    expect(requests.some((r) => r.url.includes('continuation-token=pagina-2'))).toBe(true);
  });

  it('remove() deletes the object and aborts the multipart upload its key left behind, and only that one', async () => {
    requests.length = 0;
    await storage().remove(incomplete[0]!);
    const deletes = requests
      .filter((r) => r.method === 'DELETE')
      .map((r) => {
        const url = new URL(r.url, 'http://s3.test');
        return { path: url.pathname, uploadId: url.searchParams.get('uploadId') };
      });
    const path = `/${BUCKET}/${PREFIX}${incomplete[0]}`;
    expect(deletes).toEqual([
      { path, uploadId: null },
      { path, uploadId: 'envio-0' },
    ]);
  });
});
