import type { modals as mantineModals } from '@mantine/modals';

/*
 * Mantine's modals, loaded when the first one is opened: the provider and the modal (focus trap,
 * scroll lock) would otherwise be in every route's first load, and most visits open none. The
 * calls made meanwhile wait for the provider (Modals.tsx) and then run in order.
 */

type Modals = typeof mantineModals;

const listeners = new Set<() => void>();
const waiting: ((loaded: Modals) => void)[] = [];
let requested = false;
let ready: Modals | undefined;

function run(call: (loaded: Modals) => void): void {
  if (ready) return call(ready);
  waiting.push(call);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/** The part of Mantine's `modals` the screens use, with the same arguments. */
export const modals = {
  open: (props: Parameters<Modals['open']>[0]) => run((loaded) => loaded.open(props)),
  openConfirmModal: (props: Parameters<Modals['openConfirmModal']>[0]) =>
    run((loaded) => loaded.openConfirmModal(props)),
  closeAll: () => ready?.closeAll(),
};

/** For the host (Modals.tsx): whether a modal was asked for, and when its provider listens. */
export const modalRequests = {
  get: () => requested,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  ready(loaded: Modals): void {
    ready = loaded;
    for (const call of waiting.splice(0)) call(loaded);
  },
};
