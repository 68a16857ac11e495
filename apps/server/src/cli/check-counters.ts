import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { counterDrift } from '../requests-core/counts-repo.ts';
import { startupFailureLine } from '../startup/failure-line.ts';

/**
 * `npm run contagens`: recounts the requests and compares them with the per-scope counters the
 * lists and the dashboard read. Prints one line per drifted counter and exits 1; 0 when they agree.
 */
try {
  const database = await openDatabase(readConfig(process.env), { warn: () => {} });
  try {
    const drift = await counterDrift(database.db);
    for (const row of drift) console.error(`Contagem divergente: ${JSON.stringify(row)}`);
    console.log(
      drift.length
        ? `${drift.length} contagem(ns) divergente(s).`
        : 'Contagens conferidas: nenhuma divergência.',
    );
    process.exitCode = drift.length ? 1 : 0;
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(startupFailureLine(err, process.env));
  process.exitCode = 1;
}
