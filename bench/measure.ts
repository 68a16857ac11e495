import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { LoadPlan, LoadResult } from './load.ts';

/** One load run (bench/load.ts), from a child process so the server measured has this process to itself. */
export async function measure(plan: LoadPlan): Promise<LoadResult> {
  const loadScript = new URL('./load.ts', import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    loadScript,
    JSON.stringify(plan),
  ]);
  return JSON.parse(stdout) as LoadResult;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
