/**
 * A closed-loop load generator run in its own process, so the server being measured has the
 * event loop to itself: `connections` keep-alive clients each send the same request again as soon
 * as the last answer arrived, for `seconds`. Prints what it measured as one line of JSON.
 * Usage (by bench/list.ts): tsx bench/load.ts '{"url":…,"body":…,"headers":…,"connections":10,"seconds":5}'
 */
import http from 'node:http';

export interface LoadPlan {
  url: string;
  /** Sent as JSON with a POST; without one, a GET. Each `{n}` in it becomes a number unique to the request. */
  body?: unknown;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** Seconds of load sent first and not measured: connections opened, the server's code warm. */
  warmup?: number;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers 503 (the server too busy to start the call) and how long the slowest took. */
  refused: number;
  refusedP99: number;
  errors: number;
}

const percentile = (sorted: number[], q: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

async function run(plan: LoadPlan): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
  const template = plan.body === undefined ? undefined : JSON.stringify(plan.body);
  let sent = 0;
  const latencies: number[] = [];
  const refusals: number[] = [];
  let errors = 0;
  const send = () =>
    new Promise<void>((resolve) => {
      const payload =
        template === undefined
          ? undefined
          : Buffer.from(template.replaceAll('{n}', `${process.pid}${++sent}`));
      const headers = payload
        ? { ...plan.headers, 'content-type': 'application/json', 'content-length': payload.length }
        : plan.headers;
      const started = performance.now();
      const request = http.request(
        plan.url,
        { method: payload ? 'POST' : 'GET', agent, headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (started >= measureFrom) {
              const elapsed = performance.now() - started;
              if (response.statusCode === 200) latencies.push(elapsed);
              else if (response.statusCode === 503) refusals.push(elapsed);
              else errors++;
            }
            resolve();
          });
        },
      );
      request.on('error', () => {
        if (started >= measureFrom) errors++;
        resolve();
      });
      request.end(payload);
    });
  const measureFrom = performance.now() + (plan.warmup ?? 0) * 1000;
  const until = measureFrom + plan.seconds * 1000;
  const client = async () => {
    while (performance.now() < until) await send();
  };
  await Promise.all(Array.from({ length: plan.connections }, client));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  refusals.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / plan.seconds),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    refused: refusals.length,
    refusedP99: percentile(refusals, 0.99),
    errors,
  };
}

console.log(JSON.stringify(await run(JSON.parse(process.argv[2]!) as LoadPlan)));
