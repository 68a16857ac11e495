import { useState } from 'react';

/** Which record the add/edit modal is open for: `null` while closed, `'new'` for a new one. */
export function useRecordModal<T>() {
  const [target, setTarget] = useState<T | 'new' | null>(null);
  return {
    opened: target !== null,
    /** The record being edited; undefined for a new one. */
    record: target === 'new' || target === null ? undefined : target,
    openNew: () => setTarget('new'),
    openEdit: (record: T) => setTarget(record),
    close: () => setTarget(null),
  };
}
