import { Select, Stack, Textarea } from '@mantine/core';
import { REASON_TEXT_MAX, type RefusalMove } from '@portal/domain';
import { useRefusalReasons } from './api.ts';
import { REASON_INPUT_ID, type ReasonValue } from './reason-value.ts';

interface Props {
  move: RefusalMove;
  value: ReasonValue;
  onChange: (value: ReasonValue) => void;
  /** The problem to show on the select (missing, or the server's refusal). */
  error?: string | null;
  textError?: string | null;
}

/**
 * A refusing move's reason (issue 34 step 3): one of that move's catalogue, plus an optional
 * detail. Asked by every action dialog whose move the domain's reasonRequired names.
 */
export function RefusalReasonInput({ move, value, onChange, error, textError }: Props) {
  const reasons = useRefusalReasons(move);
  return (
    <Stack gap="xs" component="section" aria-label="Por que recusar ou devolver">
      <Select
        id={REASON_INPUT_ID}
        label="Motivo da recusa"
        description="Quem recebe a solicitação verá este motivo."
        placeholder={reasons.isLoading ? 'Carregando motivos…' : 'Escolha o motivo'}
        required
        searchable
        data={(reasons.data ?? []).map((r) => ({ value: String(r.id), label: r.nome }))}
        value={value.motivo_recusa_id === null ? null : String(value.motivo_recusa_id)}
        onChange={(id) => onChange({ ...value, motivo_recusa_id: id ? Number(id) : null })}
        error={
          error ?? (reasons.isError ? 'Não foi possível carregar os motivos. Tente novamente.' : undefined)
        }
        nothingFoundMessage="Nenhum motivo encontrado"
      />
      <Textarea
        label="Detalhe do motivo"
        description={`Opcional, até ${REASON_TEXT_MAX} caracteres.`}
        autosize
        minRows={2}
        maxLength={REASON_TEXT_MAX}
        value={value.motivo_recusa_texto}
        onChange={(event) => onChange({ ...value, motivo_recusa_texto: event.currentTarget.value })}
        error={textError ?? undefined}
      />
    </Stack>
  );
}
