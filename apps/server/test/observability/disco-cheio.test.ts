import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, rmdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DISK_FULL } from '../../src/http/error-handler.ts';
import { multipart, newUnitPayload, PDF } from '../support/requests.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

/**
 * Issue 30: /api/ready answers what is true now. With DATA_DIR on a full disk every write fails
 * (507), so the instance is not ready, and says it is the disk; once there is room, ready again.
 * A real full disk: a small tmpfs mounted for the test (root, as CI runs).
 */
const mount = (args: string[]) => execFileSync(args[0]!, args.slice(1), { stdio: 'ignore' });
const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let dataDir: string;
let t: TestApp;
let requester: string;
const filler = () => path.join(dataDir, 'enchimento');

beforeAll(async () => {
  if (!canMount) return;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-disco-'));
  mount(['mount', '-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', dataDir]);
  t = await createTestApp({ dataDir });
  requester = await login(t.app, 'solicitante@demo.portal');
});
afterAll(async () => {
  if (!canMount) return;
  await t?.close();
  mount(['umount', dataDir]);
  await rmdir(dataDir);
});

const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

it.runIf(canMount)(
  'a full disk: ready answers 503 naming the disk, a save with a file 507, and ready again once there is room',
  async () => {
    expect((await ready()).statusCode).toBe(200);
    await writeFile(filler(), Buffer.alloc(48 * 1024 * 1024)).catch(() => undefined);
    // A passing probe is reused for a second (health.ts): the next one looks again.
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({
      error: 1,
      msg: 'Servidor não está pronto: disco do servidor cheio.',
      falhas: ['disco'],
    });
    const body = multipart(await newUnitPayload(t.app), [
      {
        field: 'fatura',
        filename: 'fatura.pdf',
        contentType: 'application/pdf',
        data: Buffer.concat([PDF, Buffer.alloc(1 << 20)]),
      },
    ]);
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/unidades/add',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(requester) },
    });
    expect(save.statusCode).toBe(507);
    expect(save.json()).toEqual({ error: 1, msg: DISK_FULL });

    await rm(filler());
    expect((await ready()).json()).toEqual({ status: 'ok' });
  },
);
