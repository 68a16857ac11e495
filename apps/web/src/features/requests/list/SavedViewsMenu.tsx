import { Button, Text } from '@mantine/core';
import {
  listStateOfView,
  requestListSearch,
  viewStateOf,
  type RequestForm,
  type RequestListFilters,
} from '@portal/domain';
import { IconBookmark, IconSelector } from '@tabler/icons-react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ItemMenu } from '../../../ui/ItemMenu.tsx';
import type { MenuItem } from '../../../ui/item-menu-props.ts';
import { modals } from '../../../ui/modals.ts';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import {
  addSavedView,
  deleteSavedView,
  editSavedView,
  savedViewsKey,
  type SavedView,
} from './savedViewsApi.ts';
import { SaveViewForm } from './SaveViewForm.tsx';

interface Props {
  form: RequestForm;
  filters: RequestListFilters;
  views: UseQueryResult<SavedView[]>;
  /** Shows the list as a view keeps it, from its first page. */
  onApply: (filters: RequestListFilters) => void;
}

/** A list state as a view compares it: the page aside. */
const stateKey = (filters: RequestListFilters) => requestListSearch({ ...filters, pagina: undefined });

/**
 * "Visões": the user's saved views of this list (issue 34 step 5). Choosing one shows the list as it
 * was saved; the list as it is now can be saved as a new view, or replace the view it came from;
 * the view shown can be renamed, made the default (the list opens with it) or deleted.
 */
export function SavedViewsMenu({ form, filters, views, onApply }: Props) {
  const queryClient = useQueryClient();
  // The view last chosen, so that after changing a filter the user can update it.
  const [baseId, setBaseId] = useState<number>();
  const list = views.data ?? [];
  const current = stateKey(filters);
  const shown = list.find((v) => stateKey(listStateOfView(v)) === current);
  const base = shown ?? list.find((v) => v.id === baseId);

  const refresh = () => queryClient.invalidateQueries({ queryKey: savedViewsKey(form) });
  const failed = (error: Error) => toastError(`Não foi possível alterar a visão, ${error.message}`);

  /** Saves the view with a new name or mark, and the list state it keeps (its own, or the list's now). */
  const edit = (
    view: SavedView,
    change: Partial<Pick<SavedView, 'nome' | 'padrao'>>,
    state: RequestListFilters = listStateOfView(view),
  ) =>
    editSavedView(form, {
      ...viewStateOf(state),
      nome: view.nome,
      padrao: view.padrao,
      ...change,
      id: view.id,
      version: view.version,
    });

  const openForm = (
    title: string,
    submitLabel: string,
    save: (nome: string, padrao: boolean) => Promise<SavedView>,
    initial?: SavedView,
  ) =>
    modals.open({
      title,
      children: (
        <SaveViewForm
          initialName={initial?.nome}
          initialDefault={initial?.padrao}
          submitLabel={submitLabel}
          onCancel={() => modals.closeAll()}
          onSubmit={async (nome, padrao) => {
            const saved = await save(nome, padrao);
            modals.closeAll();
            setBaseId(saved.id);
            await refresh();
            toastSuccess(`Visão “${saved.nome}” salva.`);
          }}
        />
      ),
    });

  const items: MenuItem[] = list.map((view) => ({
    key: `visao-${view.id}`,
    label: view.padrao ? `${view.nome} (padrão)` : view.nome,
    selected: view.id === shown?.id,
    onClick: () => {
      setBaseId(view.id);
      onApply(listStateOfView(view));
    },
  }));
  items.push({
    key: 'salvar',
    label: 'Salvar como nova visão…',
    onClick: () =>
      openForm('Salvar visão', 'Salvar', (nome, padrao) =>
        addSavedView(form, { ...viewStateOf(filters), nome, padrao }),
      ),
  });
  if (base && !shown)
    items.push({
      key: 'substituir',
      label: `Atualizar “${base.nome}” com a lista atual`,
      onClick: () =>
        void edit(base, {}, filters)
          .then(async (saved) => {
            await refresh();
            toastSuccess(`Visão “${saved.nome}” atualizada.`);
          })
          .catch(failed),
    });
  if (shown) {
    items.push(
      {
        key: 'renomear',
        label: `Renomear “${shown.nome}”…`,
        onClick: () =>
          openForm('Renomear visão', 'Salvar', (nome, padrao) => edit(shown, { nome, padrao }), shown),
      },
      {
        key: 'padrao',
        label: shown.padrao
          ? `Deixar de abrir a lista com “${shown.nome}”`
          : `Abrir a lista com “${shown.nome}”`,
        onClick: () => void edit(shown, { padrao: !shown.padrao }).then(refresh).catch(failed),
      },
      {
        key: 'apagar',
        label: `Apagar “${shown.nome}”`,
        onClick: () =>
          modals.openConfirmModal({
            title: 'Apagar visão?',
            children: <Text size="sm">A visão “{shown.nome}” será apagada. A lista não muda.</Text>,
            labels: { confirm: 'Apagar', cancel: 'Cancelar' },
            confirmProps: { color: 'red' },
            onConfirm: () => void deleteSavedView(form, shown.id).then(refresh).catch(failed),
          }),
      },
    );
  }

  return (
    <ItemMenu
      position="bottom-end"
      button={
        <Button
          variant="default"
          leftSection={<IconBookmark size={16} aria-hidden />}
          rightSection={<IconSelector size={14} aria-hidden />}
          aria-label={shown ? `Visões salvas, mostrando “${shown.nome}”` : 'Visões salvas'}
        >
          {shown ? shown.nome : 'Visões'}
        </Button>
      }
      items={items}
    />
  );
}
