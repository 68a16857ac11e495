import { connect } from 'node:net';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@portal/domain';
import { MAX_IMPORT_BYTES, MAX_PREVIEW_BYTES } from '../../src/http/limits.ts';
import { multipart, newUnitPayload, PDF } from '../support/requests.ts';
import { signIn, startTwoServers, type Instance, type TwoServers } from '../support/two-servers.ts';

/**
 * The fault stage's second half (issue 30): every endpoint that takes a file, fed files truncated,
 * over each limit (at the first line and in the middle), corrupt and of the wrong type, on two real
 * server processes. Each is answered with a 4xx (or, for a body cut off, not at all), and after
 * each both processes are alive and healthy.
 */
const postgres = process.env.TEST_DATABASE_URL;
const HEADER = 'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF';

interface HostileFile {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer | (() => Promise<Buffer>);
}

/** A real spreadsheet of about `bytes` (random text, which its zip cannot shrink). */
async function spreadsheet(bytes: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Base');
  sheet.addRow(HEADER.split(';'));
  for (let i = 0; i * 60 < bytes; i++)
    sheet.addRow([Math.random().toString(36).repeat(3), 'ENEL SP', 'x', '00000000000000', 'SP']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const ZIP_GARBAGE = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64 * 1024, 0x5a)]);
const OLD_XLS = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(4096, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]);

/** Files for the base's preview and import, whatever their limit. */
const baseFiles = (limit: number): HostileFile[] => [
  { name: 'empty', filename: 'base.csv', contentType: 'text/csv', data: Buffer.alloc(0) },
  {
    name: 'over the limit at the first line',
    filename: 'base.csv',
    contentType: 'text/csv',
    data: () => Promise.resolve(Buffer.from(`${HEADER};${'x'.repeat(limit)}\r\n`)),
  },
  {
    name: 'over the limit in the middle',
    filename: 'base.csv',
    contentType: 'text/csv',
    data: () =>
      Promise.resolve(
        Buffer.from(`${HEADER}\r\nA;ENEL SP;x;0;SP\r\nB;${'y'.repeat(limit)};x;0;SP\r\nC;ENEL SP;x;0;SP\r\n`),
      ),
  },
  {
    name: 'a spreadsheet over 1 MB',
    filename: 'base.xlsx',
    contentType: 'application/octet-stream',
    data: () => spreadsheet(1.5 * MAX_PREVIEW_BYTES),
  },
  {
    name: 'a spreadsheet cut in half',
    filename: 'base.xlsx',
    contentType: 'application/octet-stream',
    data: async () => {
      const whole = await spreadsheet(200 * 1024);
      return whole.subarray(0, whole.length / 2);
    },
  },
  {
    name: 'a zip that is no spreadsheet',
    filename: 'base.xlsx',
    contentType: 'application/zip',
    data: ZIP_GARBAGE,
  },
  { name: 'an old .xls', filename: 'base.xls', contentType: 'application/vnd.ms-excel', data: OLD_XLS },
  { name: 'a program named .csv', filename: 'base.csv', contentType: 'text/csv', data: EXE },
  {
    name: 'invalid UTF-8 after valid UTF-8',
    filename: 'base.csv',
    contentType: 'text/csv',
    data: Buffer.concat([
      Buffer.from(`${HEADER}\r\nÁ;`),
      Buffer.alloc(70 * 1024, 0x41),
      Buffer.from([0xc3, 0x28, 0xff]),
    ]),
  },
];

/**
 * Files for a form's attachment slot. `refused`: the save must be refused (4xx); the others may be
 * taken (an empty part is no file; '%PDF-' is a PDF by its content) but never answered 5xx.
 */
const attachmentFiles: (HostileFile & { refused: boolean })[] = [
  {
    name: 'over 15 MB',
    refused: true,
    filename: 'fatura.pdf',
    contentType: 'application/pdf',
    data: () => Promise.resolve(Buffer.concat([PDF, Buffer.alloc(MAX_FILE_BYTES + 1 - PDF.length, 0x20)])),
  },
  {
    name: 'a program named .pdf',
    refused: true,
    filename: 'fatura.pdf',
    contentType: 'application/pdf',
    data: EXE,
  },
  {
    name: 'HTML named .png',
    refused: true,
    filename: 'fatura.png',
    contentType: 'image/png',
    data: Buffer.from('<html><script>alert(1)</script></html>'),
  },
  {
    name: 'a PDF cut after its header',
    refused: false,
    filename: 'fatura.pdf',
    contentType: 'application/pdf',
    data: PDF.subarray(0, 5),
  },
  {
    name: 'empty',
    refused: false,
    filename: 'fatura.pdf',
    contentType: 'application/pdf',
    data: Buffer.alloc(0),
  },
];
const answeredAsExpected = (file: { refused: boolean }, status: number) =>
  file.refused ? status >= 400 && status < 500 : status < 500;

describe.runIf(postgres)(
  'hostile files at every upload endpoint: never a 5xx, both servers alive after each',
  () => {
    let servers: TwoServers;
    let instances: Instance[];
    const tokens: Record<string, string[]> = {};
    let round = 0;

    beforeAll(async () => {
      servers = await startTwoServers();
      instances = [servers.a, servers.b];
      for (const who of ['solicitante', 'celula', 'amee'])
        tokens[who] = await Promise.all(instances.map((i) => signIn(i, `${who}@demo.portal`)));
    }, 180_000);
    afterAll(() => servers?.close(), 60_000);

    const bothAlive = async (after: string) => {
      for (const instance of instances) {
        expect(instance.child.exitCode, `${instance.name} after ${after}: ${instance.output()}`).toBeNull();
        const health = await fetch(`${instance.base}/api/health`).then(
          (r) => r.status,
          () => 0,
        );
        expect(health, `${instance.name} health after ${after}`).toBe(200);
      }
    };

    /** Sends one multipart body to the next instance in turn; answers its status. */
    const send = async (
      path: string,
      who: string,
      body: { payload: Buffer; headers: Record<string, string> },
    ) => {
      const on = round++ % 2;
      const res = await fetch(`${instances[on]!.base}${path}`, {
        method: 'POST',
        body: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${tokens[who]![on]}` },
        signal: AbortSignal.timeout(60_000),
      });
      return { status: res.status, body: await res.text() };
    };

    const bytesOf = async (file: HostileFile) => (typeof file.data === 'function' ? file.data() : file.data);
    const withFile = async (field: string, dados: unknown, file: HostileFile) =>
      multipart(dados, [
        { field, filename: file.filename, contentType: file.contentType, data: await bytesOf(file) },
      ]);
    /** The base's calls take the file alone, in part "arquivo". */
    const baseFile = async (file: HostileFile) => {
      const boundary = '----base';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
        ),
        await bytesOf(file),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };

    for (const [path, limit] of [
      ['/api/conciliacao/previa?fluxo=energia', MAX_PREVIEW_BYTES],
      ['/api/conciliacao/importar?fluxo=energia', 2 * 1024 * 1024],
    ] as const) {
      for (const file of baseFiles(limit)) {
        it(`${path}: ${file.name}`, async () => {
          const res = await send(path, 'amee', await baseFile(file));
          // The import stores a file whose header passes and judges it in the queue: 200 is its answer.
          expect(
            res.status === 200 || (res.status >= 400 && res.status < 500),
            `${res.status} ${res.body}`,
          ).toBe(true);
          await bothAlive(`${path} ${file.name}`);
        });
      }
    }

    it(`/api/conciliacao/importar: a file over the ${MAX_IMPORT_BYTES / 1024 / 1024} MB import limit is refused 413`, async () => {
      const on = round++ % 2;
      const boundary = '----grande';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="base.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\r\n`,
      );
      const row = Buffer.from(`GRANDE;ENEL SP;x;0;SP\r\n`.repeat(40_000));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(head);
          if (sent > MAX_IMPORT_BYTES + row.length) {
            controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
            controller.close();
            return;
          }
          controller.enqueue(row);
          sent += row.length;
        },
      });
      const res = await fetch(`${instances[on]!.base}/api/conciliacao/importar?fluxo=energia`, {
        method: 'POST',
        body: stream,
        duplex: 'half',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${tokens.amee![on]}`,
        },
      } as RequestInit);
      expect(res.status).toBe(413);
      await bothAlive('an import over its limit');
    });

    const forms = ['unidades', 'novas-unidades', 'agua/unidades', 'agua/novas-unidades'];
    for (const form of forms) {
      for (const file of attachmentFiles) {
        it(`/api/${form}/add: ${file.name}`, async () => {
          const dados = await newUnitPayload({ db: servers.handle.db } as unknown as FastifyInstance);
          const res = await send(`/api/${form}/add`, 'solicitante', await withFile('fatura', dados, file));
          expect(answeredAsExpected(file, res.status), `${res.status} ${res.body}`).toBe(true);
          await bothAlive(`${form} ${file.name}`);
        });
      }
    }
    for (const file of attachmentFiles) {
      it(`/api/consolidacao/edit: ${file.name}`, async () => {
        const res = await send(
          '/api/consolidacao/edit',
          'celula',
          await withFile('anexo', { id: 1, version: 1 }, file),
        );
        expect(answeredAsExpected(file, res.status), `${res.status} ${res.body}`).toBe(true);
        await bothAlive(`consolidacao ${file.name}`);
      });
    }

    for (const path of [
      '/api/unidades/add',
      '/api/consolidacao/edit',
      '/api/conciliacao/previa?fluxo=energia',
      '/api/conciliacao/importar?fluxo=energia',
    ]) {
      it(`${path}: a body cut off half way, the connection closed`, async () => {
        const on = round++ % 2;
        const { port } = new URL(instances[on]!.base);
        const socket = connect(Number(port), '127.0.0.1');
        socket.on('error', () => undefined);
        await new Promise((resolve) => socket.once('connect', resolve));
        const boundary = '----cortado';
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens[path.includes('conciliacao') ? 'amee' : path.includes('consolidacao') ? 'celula' : 'solicitante']![on]}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="${path.includes('conciliacao') ? 'arquivo' : 'fatura'}"; filename="f.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        );
        socket.write(Buffer.concat([PDF, Buffer.alloc(200 * 1024, 0x20)]));
        await new Promise((resolve) => setTimeout(resolve, 300));
        socket.destroy();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await bothAlive(`${path} cut off`);
      });
    }
  },
);
