import { modals } from './modals.ts';

/** The spec's delete confirmation (part 1 §5, part 2 §5), the same wherever something is deleted. */
export function confirmDelete(onConfirm: () => void): void {
  modals.openConfirmModal({
    title: 'Você tem certeza?',
    children: 'Isso não poderá ser desfeito',
    labels: { confirm: 'Sim, Apagar!', cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    centered: true,
    onConfirm,
  });
}

/** Failure texts of the spec's error catalogue (part 1 §8), accents restored. */
export const FAILED = {
  list: 'Não foi possível listar',
  delete: 'Não foi possível apagar',
  save: 'Não foi possível salvar',
} as const;
