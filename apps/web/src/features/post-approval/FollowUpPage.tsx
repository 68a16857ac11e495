import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { Select } from '../../ui/select.tsx';
import {
  labelOf,
  POST_APPROVAL_STAGE,
  POST_APPROVAL_STAGES,
  SITE_SITUATIONS,
  todayInBrasilia,
  writeProblem,
} from '@portal/domain';
import { followUpBody, POST_APPROVAL_MAX } from '@portal/domain/contracts/post-approval';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useSessionUser } from '../../app/session/useSession.ts';
import { DateField } from '../../ui/datePicker.tsx';
import { NotFoundPage } from '../not-found/NotFoundPage.tsx';
import { postApprovalKeys, readUnit, saveFollowUp, type PostApprovalRecord } from './api.ts';
import { STAGE_SCREENS } from './screens.ts';
import { UnitSummary, ValidationHistory } from './UnitSummary.tsx';
import { useStageForm } from './useStageForm.ts';
import { charCounter } from '../../ui/charCounter.tsx';

const SITUATIONS = SITE_SITUATIONS.map((s) => ({ value: String(s.code), label: s.label }));
const BACK = STAGE_SCREENS.acompanhamento.path;

/** /acompanhar-uc/{id} (spec part 2 §2.9): the first invoice of a validated unit, until it is 'Ativa'. */
export function FollowUpPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
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
  return <FollowUpForm unit={unit.data} />;
}

function FollowUpForm({ unit }: { unit: PostApprovalRecord }) {
  const user = useSessionUser();
  const waitingHere = unit.etapa === POST_APPROVAL_STAGE.ACOMPANHAMENTO;
  const readOnly = !waitingHere || writeProblem(user) !== null;
  const today = todayInBrasilia(new Date());
  const { form, onSubmit, pending, problem } = useStageForm({
    initialValues: {
      situacao: unit.etapa === POST_APPROVAL_STAGE.ATIVA ? '2' : '1',
      data_primeira_fatura: unit.data_primeira_fatura as string | null,
      data_recebimento_fatura: unit.data_recebimento_fatura as string | null,
      observacao: '',
    },
    schema: followUpBody,
    toBody: (v) => ({
      id: unit.id,
      version: unit.version,
      situacao: Number(v.situacao),
      data_primeira_fatura: v.data_primeira_fatura,
      data_recebimento_fatura: v.data_recebimento_fatura,
      observacao: v.observacao,
    }),
    save: saveFollowUp,
    backTo: BACK,
  });
  const values = form.getValues();

  return (
    <Stack gap="md">
      <Card padding="lg" radius="lg">
        <Stack gap="xs">
          <Title order={1} fz={22}>
            Acompanhamento da UC
          </Title>
          <Text c="dimmed" size="sm">
            {unit.etapa
              ? `${labelOf(POST_APPROVAL_STAGES, unit.etapa)} desde ${new Date(unit.desde!).toLocaleDateString('pt-BR')}${unit.etapa === POST_APPROVAL_STAGE.ATIVA ? '.' : ` (${unit.dias} dias).`}`
              : 'Esta solicitação não está em acompanhamento.'}
          </Text>
        </Stack>
      </Card>
      <UnitSummary unit={unit} />
      <Card padding="lg" radius="lg" component="form" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            Primeira fatura e situação no site
          </Title>
          {!waitingHere && unit.etapa !== POST_APPROVAL_STAGE.ATIVA && (
            <Alert color="yellow">Esta unidade não está aguardando o 1º faturamento.</Alert>
          )}
          {waitingHere && readOnly && <Alert color="yellow">Seu perfil é somente de consulta.</Alert>}
          {problem && <Alert color="red">{problem}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DateField
              label="Data de Emissão da 1ª Fatura"
              required={values.situacao === '2'}
              clearable
              maxDate={today}
              disabled={readOnly}
              {...form.getInputProps('data_primeira_fatura')}
            />
            <DateField
              label="Data de Recebimento da 1ª Fatura"
              clearable
              minDate={values.data_primeira_fatura ?? undefined}
              maxDate={today}
              disabled={readOnly}
              {...form.getInputProps('data_recebimento_fatura')}
            />
            <Select
              label="Status da UC no site"
              required
              data={SITUATIONS}
              allowDeselect={false}
              disabled={readOnly}
              {...form.getInputProps('situacao')}
            />
          </SimpleGrid>
          <Textarea
            label="Observação"
            autosize
            minRows={3}
            {...charCounter(form.values.observacao, POST_APPROVAL_MAX.observacao)}
            disabled={readOnly}
            {...form.getInputProps('observacao')}
          />
          <Group justify="flex-end">
            <Button component={Link} to={BACK} variant="default">
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
