import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.ts';
import { StartupError } from '../../src/startup/startup-error.ts';
import { runScript } from '../startup/support.ts';

const KEYS = { S3_ACCESS_KEY_ID: 'AKIA-TESTE', S3_SECRET_ACCESS_KEY: 'segredo-do-bucket' };

describe('S3_* settings: S3 only when S3_BUCKET is set, and never half configured', () => {
  it('without S3_BUCKET the attachments stay on local disk', () => {
    expect(readConfig({}).s3).toBeUndefined();
  });

  it('reads bucket, endpoint, region (us-east-1 by default), keys, path style and prefix', () => {
    expect(readConfig({ S3_BUCKET: 'anexos', ...KEYS }).s3).toEqual({
      bucket: 'anexos',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'AKIA-TESTE',
      secretAccessKey: 'segredo-do-bucket',
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      readConfig({
        S3_BUCKET: 'anexos',
        ...KEYS,
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'sa-east-1',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: '/portal/producao/',
      }).s3,
    ).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'sa-east-1',
      forcePathStyle: true,
      prefix: 'portal/producao/',
    });
  });

  it.each([
    [
      { S3_BUCKET: 'anexos' },
      'S3_BUCKET exige S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: defina as duas credenciais do bucket.',
    ],
    [
      { S3_BUCKET: 'anexos', S3_ACCESS_KEY_ID: 'AKIA-TESTE' },
      'S3_BUCKET exige S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: defina as duas credenciais do bucket.',
    ],
    [
      { S3_ENDPOINT: 'http://minio:9000', ...KEYS },
      'S3_ENDPOINT foi definida sem S3_BUCKET: defina S3_BUCKET para guardar os anexos no S3 ou remova as variáveis S3_*.',
    ],
    [
      { S3_BUCKET: 'anexos', ...KEYS, S3_FORCE_PATH_STYLE: 'sim' },
      'S3_FORCE_PATH_STYLE deve ser "true" ou "false".',
    ],
    [
      { S3_BUCKET: 'anexos', ...KEYS, S3_ENDPOINT: 'minio:9000' },
      'S3_ENDPOINT deve ser uma URL http:// ou https://: minio:9000',
    ],
  ])('%o is refused at start: %s', (env, message) => {
    expect(() => readConfig(env)).toThrow(new StartupError(message));
  });

  it('the server refuses to start on half a configuration: one Portuguese line, exit non-zero, no secret printed', async () => {
    const run = await runScript('main.ts', {
      S3_BUCKET: 'anexos',
      S3_SECRET_ACCESS_KEY: 'segredo-do-bucket',
      SEED_DEMO: '0',
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim()).toBe(
      'S3_BUCKET exige S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: defina as duas credenciais do bucket.',
    );
    expect(run.stderr + run.stdout).not.toContain('segredo-do-bucket');
  });
});
