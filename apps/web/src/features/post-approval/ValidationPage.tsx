import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Select } from '../../ui/select.tsx';
import {
  AUTOMATIC_DEBIT_PAYMENT_TYPES,
  isValidationType,
  labelOf,
  POST_APPROVAL_STAGES,
  stageOfValidation,
  todayInBrasilia,
  VALIDATION_RESULTS,
  VALIDATION_TYPE_LABELS,
  writeProblem,
  type ValidationType,
  REASON_FIELD,
  REASON_REQUIRED,
  REASON_TEXT_FIELD,
  reasonRequired,
} from '@portal/domain';
import { POST_APPROVAL_MAX, validationBody } from '@portal/domain/contracts/post-approval';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useSessionUser } from '../../app/session/useSession.ts';
import { DateField } from '../../ui/datePicker.tsx';
import { NotFoundPage } from '../not-found/NotFoundPage.tsx';
import { postApprovalKeys, readUnit, saveValidation, type PostApprovalRecord } from './api.ts';
import { STAGE_SCREENS } from './screens.ts';
import { fieldText, UnitSummary, ValidationHistory } from './UnitSummary.tsx';
import { useStageForm } from './useStageForm.ts';
import { charCounter } from '../../ui/charCounter.tsx';
import { RefusalReasonInput } from '../refusal-reasons/RefusalReasonInput.tsx';
import { NO_REASON, reasonPayload } from '../refusal-reasons/reason-value.ts';

/** Não Aprovado is a refusal: it carries a reason of its catalogue (issue 34 step 3). */
const refusalMove = (status: string) => reasonRequired('pos-aprovacao', null, Number(status));

const RESULTS = VALIDATION_RESULTS.map((r) => ({ value: String(r.code), label: r.label }));
const LIST_OF: Record<ValidationType, string> = {
  1: STAGE_SCREENS['pre-validacao'].path,
  2: STAGE_SCREENS['validacao-final'].path,
};

/** /validar-uc/{id}/{tipo} (spec part 2 §2.9): 1 pre-validation, 2 final validation of one unit. */
export function ValidationPage() {
  const params = useParams();
  const id = Number(params.id);
  const tipo = Number(params.tipo);
  const valid = Number.isInteger(id) && id > 0 && isValidationType(tipo);
  const unit = useQuery({
    queryKey: postApprovalKeys.unit(id),
    queryFn: () => readUnit(id),
    enabled: valid,
    retry: false,
  });
  if (!valid) return <NotFoundPage />;
  if (unit.isPending) return <Loader m="xl" />;
  if (unit.isError)
    return (
      <Alert color="red" title="Não foi possível abrir a unidade">
        {unit.error.message}
      </Alert>
    );
  return <ValidationForm unit={unit.data} tipo={tipo} />;
}

function ValidationForm({ unit, tipo }: { unit: PostApprovalRecord; tipo: ValidationType }) {
  const user = useSessionUser();
  const r = unit.solicitacao;
  const stage = stageOfValidation(tipo);
  const waitingHere = unit.etapa === stage;
  const readOnly = !waitingHere || writeProblem(user) !== null;
  const backTo = LIST_OF[tipo];
  const automaticDebit = AUTOMATIC_DEBIT_PAYMENT_TYPES.includes(Number(r.tipo_de_pagamento));

  const { form, onSubmit, pending, problem } = useStageForm({
    initialValues: {
      responsavel: '',
      cargo: '',
      identificacao_tim: '',
      elemento_de_rede: '',
      tipologia: '',
      data_validacao: todayInBrasilia(new Date()) as string | null,
      chave_debito: '',
      status: '1',
      observacao: '',
      ...NO_REASON,
    },
    schema: validationBody,
    rules: (v) =>
      refusalMove(v.status) && v.motivo_recusa_id === null ? { [REASON_FIELD]: REASON_REQUIRED } : {},
    toBody: (v) => ({
      id: unit.id,
      version: unit.version,
      tipo,
      responsavel: v.responsavel,
      cargo: v.cargo,
      status: Number(v.status),
      observacao: v.observacao,
      ...reasonPayload(refusalMove(v.status), v),
      ...(tipo === 1
        ? {
            identificacao_tim: v.identificacao_tim,
            elemento_de_rede: v.elemento_de_rede,
            tipologia: v.tipologia,
            data_validacao: v.data_validacao,
          }
        : { chave_debito: v.chave_debito }),
    }),
    save: saveValidation,
    backTo,
  });
  const refused = form.getValues().status === '2';
  const move = refusalMove(form.values.status);

  return (
    <Stack gap="md">
      <Card padding="lg" radius="lg">
        <Stack gap="xs">
          <Title order={1} fz={22}>
            {VALIDATION_TYPE_LABELS[tipo]} da UC
          </Title>
          <Text c="dimmed" size="sm">
            {unit.etapa
              ? `${labelOf(POST_APPROVAL_STAGES, unit.etapa)} desde ${new Date(unit.desde!).toLocaleDateString('pt-BR')} (${unit.dias} dias).`
              : 'Esta solicitação não está aguardando validação depois da aprovação.'}
          </Text>
        </Stack>
      </Card>
      <UnitSummary unit={unit} />
      <Card padding="lg" radius="lg" component="form" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {tipo === 1 ? 'Pré-Validação' : 'Validação Final'}
          </Title>
          {!waitingHere && (
            <Alert color="yellow">
              Esta unidade não está '{labelOf(POST_APPROVAL_STAGES, stage)}': a validação não pode ser
              registrada aqui.
            </Alert>
          )}
          {waitingHere && readOnly && <Alert color="yellow">Seu perfil é somente de consulta.</Alert>}
          {problem && <Alert color="red">{problem}</Alert>}
          <Text size="sm" c="dimmed">
            Os dados da solicitação abaixo são conferidos, não editados aqui: se algum estiver errado, marque
            Não Aprovado e diga na observação o que corrigir. A solicitação volta para a célula (Recusada
            Xerox/AME).
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {tipo === 1 ? (
              <>
                <TextInput label="Regional" value={unit.regional ?? '—'} readOnly variant="filled" />
                <TextInput
                  label="Diretoria"
                  value={fieldText(r, 'diretoria') ?? '—'}
                  readOnly
                  variant="filled"
                />
                <TextInput label="SMP" value={fieldText(r, 'smp') ?? '—'} readOnly variant="filled" />
                <TextInput label="Endereço ID" value={r.endereco_id ?? '—'} readOnly variant="filled" />
                <TextInput
                  label="Tipo de Site"
                  value={fieldText(r, 'tipo_site') ?? '—'}
                  readOnly
                  variant="filled"
                />
              </>
            ) : (
              <>
                <TextInput
                  label="Tipo Pagamento"
                  value={fieldText(r, 'tipo_de_pagamento') ?? 'não informado'}
                  readOnly
                  variant="filled"
                />
                <TextInput
                  label="Conta Contábil"
                  value={fieldText(r, 'conta_contabil') ?? '—'}
                  readOnly
                  variant="filled"
                />
              </>
            )}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Responsável"
              required
              {...charCounter(form.values.responsavel, POST_APPROVAL_MAX.responsavel)}
              disabled={readOnly}
              {...form.getInputProps('responsavel')}
            />
            <TextInput
              label="Cargo"
              required
              {...charCounter(form.values.cargo, POST_APPROVAL_MAX.cargo)}
              disabled={readOnly}
              {...form.getInputProps('cargo')}
            />
            {tipo === 1 ? (
              <>
                <TextInput
                  label="Identificação TIM"
                  {...charCounter(form.values.identificacao_tim, POST_APPROVAL_MAX.identificacao_tim)}
                  disabled={readOnly}
                  {...form.getInputProps('identificacao_tim')}
                />
                <TextInput
                  label="Elemento de Rede"
                  {...charCounter(form.values.elemento_de_rede, POST_APPROVAL_MAX.elemento_de_rede)}
                  disabled={readOnly}
                  {...form.getInputProps('elemento_de_rede')}
                />
                <TextInput
                  label="Tipologia"
                  {...charCounter(form.values.tipologia, POST_APPROVAL_MAX.tipologia)}
                  disabled={readOnly}
                  {...form.getInputProps('tipologia')}
                />
                <DateField
                  label="Data da Validação"
                  required
                  maxDate={todayInBrasilia(new Date())}
                  disabled={readOnly}
                  {...form.getInputProps('data_validacao')}
                />
              </>
            ) : (
              <TextInput
                label="Chave de Débito"
                required={automaticDebit}
                {...charCounter(
                  form.values.chave_debito,
                  POST_APPROVAL_MAX.chave_debito,
                  automaticDebit ? 'Obrigatória: pagamento por débito automático.' : undefined,
                )}
                disabled={readOnly}
                {...form.getInputProps('chave_debito')}
              />
            )}
            <Select
              label="Status"
              required
              data={RESULTS}
              allowDeselect={false}
              disabled={readOnly}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          {move && !readOnly && (
            <RefusalReasonInput
              move={move}
              value={form.values}
              onChange={(value) => form.setValues(value)}
              error={form.errors[REASON_FIELD] as string | undefined}
              textError={form.errors[REASON_TEXT_FIELD] as string | undefined}
            />
          )}
          <Textarea
            label="Observação"
            required={refused}
            {...charCounter(
              form.values.observacao,
              POST_APPROVAL_MAX.observacao,
              refused ? 'Obrigatória ao marcar Não Aprovado: diga o que precisa ser corrigido.' : undefined,
            )}
            autosize
            minRows={3}
            disabled={readOnly}
            {...form.getInputProps('observacao')}
          />
          <Group justify="flex-end">
            <Button component={Link} to={LIST_OF[tipo]} variant="default">
              Voltar
            </Button>
            {!readOnly && (
              <Button type="submit" loading={pending}>
                Salvar
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
      <ValidationHistory entries={unit.validacoes} />
    </Stack>
  );
}
