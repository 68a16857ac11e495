import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { SAVED_VIEW_LABELS, SAVED_VIEW_LIMITS } from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client.ts';
import { charCounter } from '../../../ui/charCounter.tsx';

interface Props {
  initialName?: string;
  initialDefault?: boolean;
  submitLabel: string;
  /** Saves; a refusal (name taken, too many views) shows under the name. */
  onSubmit: (nome: string, padrao: boolean) => Promise<unknown>;
  onCancel: () => void;
}

/** The name of a view and whether the list opens with it (the modal of "Salvar visão" and "Renomear"). */
export function SaveViewForm({
  initialName = '',
  initialDefault = false,
  submitLabel,
  onSubmit,
  onCancel,
}: Props) {
  const [nome, setNome] = useState(initialName);
  const [padrao, setPadrao] = useState(initialDefault);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!nome.trim()) return setError(`O campo ${SAVED_VIEW_LABELS.nome} é obrigatório.`);
    setBusy(true);
    try {
      await onSubmit(nome.trim(), padrao);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível salvar a visão.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label={SAVED_VIEW_LABELS.nome}
          required
          data-autofocus
          {...charCounter(nome, SAVED_VIEW_LIMITS.nome)}
          value={nome}
          error={error}
          onChange={(event) => {
            setNome(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Checkbox
          label="Abrir a lista com esta visão (padrão)"
          checked={padrao}
          onChange={(event) => setPadrao(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
