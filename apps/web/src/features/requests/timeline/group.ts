import type { TimelineEntry } from './api.ts';

export interface TimelineGroup {
  em: string;
  por: string | null;
  entries: TimelineEntry[];
}

/**
 * Entries written by one save share its instant and author: they read as one event ("Renata
 * changed the status, the Site ID and wrote a note"), in the order the server gives them.
 */
export function groupBySave(entries: readonly TimelineEntry[]): TimelineGroup[] {
  const groups: TimelineGroup[] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && last.em === entry.em && last.por === entry.por) last.entries.push(entry);
    else groups.push({ em: entry.em, por: entry.por, entries: [entry] });
  }
  return groups;
}
