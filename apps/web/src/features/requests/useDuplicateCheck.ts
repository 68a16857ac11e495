import type { DuplicateKey, RequestForm } from '@portal/domain';
import { useState } from 'react';
import { findDuplicates, type DuplicateMatch } from './api.ts';

/** The matches of one check, with the field and value that matched, as the modal shows them. */
export interface DuplicateWarning {
  key: DuplicateKey;
  value: string;
  matches: DuplicateMatch[];
}

/**
 * The duplicate checks of spec part 1 §5, run when the user leaves Unidade or Endereço ID.
 * A match in the workflow hides the submit button for good; a match in the provider's base hides
 * it until the user overrides, and the save then tells the server the user confirmed.
 * A failed check is ignored (the server checks again on save).
 */
export function useDuplicateCheck(form: RequestForm, recordId: number | undefined) {
  const [matches, setMatches] = useState<Partial<Record<DuplicateKey, DuplicateMatch[]>>>({});
  const [confirmed, setConfirmed] = useState(false);
  const [shown, setShown] = useState<DuplicateWarning | null>(null);

  const check = async (key: DuplicateKey, value: string) => {
    let found: DuplicateMatch[] = [];
    if (value.trim()) {
      try {
        found = await findDuplicates(form, key, value.trim());
      } catch {
        return;
      }
    }
    // The record being edited is not a duplicate of itself.
    found = found.filter((m) => !(m.origem === 'workflow' && m.id === recordId));
    setMatches((previous) => ({ ...previous, [key]: found }));
    if (found.some((m) => m.origem === 'base')) setConfirmed(false);
    if (found.length) setShown({ key, value: value.trim(), matches: found });
  };

  const all = Object.values(matches).flat();
  const inWorkflow = all.some((m) => m.origem === 'workflow');
  const inBase = all.some((m) => m.origem === 'base');
  return {
    check,
    /** The warning on screen, or null. */
    shown,
    close: () => setShown(null),
    override: () => {
      setConfirmed(true);
      setShown(null);
    },
    blocksSubmit: inWorkflow || (inBase && !confirmed),
    confirmed: inBase && confirmed,
  };
}
