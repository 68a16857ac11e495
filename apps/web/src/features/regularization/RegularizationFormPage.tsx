import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  FileInput,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { Select } from '../../ui/select.tsx';
import {
  acceptAttribute,
  checkRegularizationSave,
  DIVERGENCE_TYPES,
  FIELD_MAX,
  fieldLabel,
  FILE_HEAD_BYTES,
  fileProblem,
  formatCep,
  formatCnpj,
  formatCpfOrCnpj,
  labelOf,
  REGIONALS,
  REGULARIZATION_FILES,
  regularizationPolicy,
  regularizationSaveBody,
  regularizationStatusLabel,
  type RegularizationField,
  type RegularizationFile,
  type RegularizationStatus,
  REASON_FIELD,
  REASON_REQUIRED,
  REASON_TEXT_FIELD,
  reasonRequired,
} from '@portal/domain';
import { IconAlertTriangle, IconArrowLeft, IconEye, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSessionUser } from '../../app/session/useSession.ts';
import { AttachmentViewer } from '../../ui/AttachmentViewer.tsx';
import { DateField } from '../../ui/datePicker.tsx';
import { confirmDelete, FAILED } from '../../ui/feedback.ts';
import { HistoryButtons } from '../../ui/HistoryButtons.tsx';
import { modals } from '../../ui/modals.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { WebLink } from '../../ui/WebLink.tsx';
import {
  deleteRegularizationFile,
  observationHistory,
  readRegularization,
  saveRegularization,
  statusHistory,
  type RegularizationRecord,
} from './api.ts';
import { regularizationKeys } from './queryKeys.ts';
import { RegularizationStatusBadge } from './RegularizationStatusBadge.tsx';
import type { RegularizationScreen } from './screens.ts';
import { charCounter } from '../../ui/charCounter.tsx';
import { RefusalReasonInput } from '../refusal-reasons/RefusalReasonInput.tsx';
import { NO_REASON, reasonPayload, type ReasonValue } from '../refusal-reasons/reason-value.ts';

/** The correction the cell works, as the save names it (spec part 2 §7 consolidacao/edit). */
type Correction = Record<Exclude<RegularizationField, 'observacao'>, string>;
const correctionOf = (r: RegularizationRecord): Correction => ({
  razao_social_correta: r.razao_social_correta ?? '',
  cnpj_correto: r.cnpj_correto ? formatCnpj(r.cnpj_correto) : '',
  data_pedido: r.data_solicitacao ?? '',
  data_previsao: r.previsao_solicitacao ?? '',
  nova_unidade: r.nova_unidade ?? '',
});
const CORRECTION_INPUTS: { field: keyof Correction; type?: 'date'; max?: number }[] = [
  { field: 'razao_social_correta', max: FIELD_MAX.razao_social_correta },
  { field: 'cnpj_correto' },
  { field: 'data_pedido', type: 'date' },
  { field: 'data_previsao', type: 'date' },
  { field: 'nova_unidade', max: FIELD_MAX.nova_unidade },
];
const LABELS: Partial<Record<string, string>> = { data_pedido: 'Data da Solicitação' };
const labelOfField = (field: string) => LABELS[field] ?? fieldLabel(field);
const ACCEPT = acceptAttribute('regularizacao');

/** /consolidacao/cadastro/:id/editar and its water twin: one regularization, worked by the §4.4 policy. */
export function RegularizationFormPage({ screen }: { screen: RegularizationScreen }) {
  const id = Number(useParams().id);
  const record = useQuery({
    queryKey: regularizationKeys.record(screen, id),
    queryFn: () => readRegularization(screen, id),
    retry: false,
  });
  if (record.isPending)
    return (
      <Center py={80}>
        <Loader aria-label="Carregando" />
      </Center>
    );
  if (record.isError)
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={FAILED.list}>
        {record.error.message}
      </Alert>
    );
  // Keyed by version: after a save the form starts again from what the server stored.
  return <Editor key={record.data.version} screen={screen} record={record.data} />;
}

function Editor({ screen, record }: { screen: RegularizationScreen; record: RegularizationRecord }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Correction>(() => correctionOf(record));
  const [status, setStatus] = useState<number>(record.status);
  const [observacao, setObservacao] = useState('');
  // 'Recusado pela Célula' carries a reason of its catalogue (issue 34 step 3).
  const [reason, setReason] = useState<ReasonValue>(NO_REASON);
  const move = reasonRequired('regularizacao', record.status, status);
  const [files, setFiles] = useState<Partial<Record<RegularizationFile, File | null>>>({});
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [viewing, setViewing] = useState<{ url: string; nome: string } | null>(null);

  const uploaded = record.anexos.map((a) => a.tipo);
  const policy = regularizationPolicy({
    actor: user,
    currentStatus: record.status as RegularizationStatus,
    chosenStatus: status as RegularizationStatus,
    uploadedFiles: uploaded,
  });
  const editable = (field: string) => policy.editableFields.includes(field as RegularizationField);
  const refresh = () => queryClient.invalidateQueries({ queryKey: regularizationKeys.all(screen) });

  /** What this save sends: the fields the policy lets this user change, the status, the observation. */
  const dados = () => ({
    id: record.id,
    version: record.version,
    status,
    ...Object.fromEntries(
      Object.entries(values)
        .filter(([field]) => editable(field))
        .map(([field, value]) => [field, value.trim() || null]),
    ),
    ...(observacao.trim() ? { observacao: observacao.trim() } : {}),
    ...reasonPayload(move, reason),
  });

  /** The server's own checks, run first here: the shared schema, then the shared policy. */
  const problemBeforeSending = (sent: Record<string, unknown>) => {
    const parsed = regularizationSaveBody.safeParse(sent);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { field: String(issue.path[0] ?? ''), msg: issue.message };
    }
    if (move && reason.motivo_recusa_id === null) return { field: REASON_FIELD, msg: REASON_REQUIRED };
    const {
      id: _id,
      version: _version,
      status: _status,
      motivo_recusa_id: _reason,
      motivo_recusa_texto: _detail,
      ...fields
    } = parsed.data;
    const verdict = checkRegularizationSave({
      actor: user,
      current: { status: record.status, values: correctionOf(record), files: uploaded },
      next: {
        status,
        values: Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
        files: Object.entries(files).flatMap(([slot, file]) => (file ? [slot] : [])),
      },
    });
    return verdict.ok ? null : { field: verdict.field ?? '', msg: verdict.msg };
  };

  const save = useMutation({
    mutationFn: (sent: Record<string, unknown>) => saveRegularization(screen, sent, files, setProgress),
    onSuccess: async ({ msg }) => {
      toastSuccess(msg);
      await refresh();
      navigate(screen.listPath);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.campo) setProblems({ [error.campo]: error.message });
      toastError(error instanceof Error ? error.message : FAILED.save);
    },
    onSettled: () => setProgress(null),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = dados();
    const problem = problemBeforeSending(sent);
    setProblems(problem ? { [problem.field]: problem.msg } : {});
    if (problem) return toastError(problem.msg);
    save.mutate(sent);
  };

  const chooseFile = async (slot: RegularizationFile, file: File | null) => {
    const head = file && new Uint8Array(await file.slice(0, FILE_HEAD_BYTES).arrayBuffer());
    const problem = file && fileProblem('regularizacao', { name: file.name, size: file.size, head: head! });
    if (problem)
      modals.open({
        title: problem,
        centered: true,
        children: (
          <Stack>
            <Text size="sm">Envie um arquivo PDF, JPG, PNG, DOC, DOCX ou MSG de até 15 MB.</Text>
            <Button onClick={() => modals.closeAll()}>OK</Button>
          </Stack>
        ),
      });
    setFiles((chosen) => ({ ...chosen, [slot]: problem ? null : file }));
    forget(slot);
  };

  const removeFile = (slot: RegularizationFile) =>
    confirmDelete(async () => {
      try {
        toastSuccess((await deleteRegularizationFile(screen, record.id, slot)).msg);
        await refresh();
      } catch (error) {
        toastError(error instanceof Error ? `${FAILED.delete}. ${error.message}` : FAILED.delete);
      }
    });

  /** A problem shown under a field goes away once the user changes that field. */
  const forget = (field: string) => setProblems(({ [field]: _gone, ...rest }) => rest);

  const regional = REGIONALS.find((r) => r.id === record.regional);
  const unit: [string, string | null][] = [
    ['Endereço ID', record.endereco_id],
    ['Site ID', record.site_id],
    ['Regional', regional ? `${regional.sigla} - ${regional.nome}` : null],
    ['CEP', record.cep && formatCep(record.cep)],
    ['UF', record.uf],
    ['Cidade', record.cidade],
    ['Endereço', record.endereco],
    ['Número', record.numero],
    ['Bairro', record.bairro],
    ['Complemento', record.complemento],
    ['Concessionária', record.sigla],
    ['Unidade', record.unidade],
    ['Número do Medidor', record.numero_medidor],
    ['Tipo de Tensão', record.tipo_tensao],
  ];
  const divergence: [string, string | null][] = [
    ['Tipo Divergência', labelOf(DIVERGENCE_TYPES, record.tipo_divergencia)],
    ['Razão Social da Fatura', record.razao_social_fatura],
    ['CNPJ da Fatura', record.cnpj_fatura && formatCpfOrCnpj(record.cnpj_fatura)],
    ['CNPJ do Cliente na UF', record.cnpj_tim && formatCnpj(record.cnpj_tim)],
  ];

  return (
    <Card padding="lg" radius="lg" component="form" onSubmit={submit} noValidate>
      <AttachmentViewer file={viewing} onClose={() => setViewing(null)} />
      <Stack gap="xl">
        <Group justify="space-between">
          <Title order={1} fz={22}>
            {screen.title}
          </Title>
          <RegularizationStatusBadge status={record.status} />
        </Group>
        {!policy.canSave && policy.reason && (
          <Alert color="gray" icon={<IconAlertTriangle />}>
            Somente leitura: {policy.reason}
          </Alert>
        )}
        <ReadOnlyGrid title="Dados da Unidade" rows={unit} />
        <Stack gap="sm" component="section" aria-label="Divergência">
          <ReadOnlyGrid title="Divergência" rows={divergence} />
          <WebLink address={record.url_fatura}>Última fatura</WebLink>
        </Stack>
        <Stack gap="sm" component="section" aria-label="Correção">
          <Title order={3} fz="md">
            Correção
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
            {CORRECTION_INPUTS.map(({ field, type, max }) =>
              type === 'date' ? (
                // Brazilian dates (dd/mm/aaaa) whatever the browser's language (issue 15 item 7).
                <DateField
                  key={field}
                  id={`campo-${field}`}
                  label={labelOfField(field)}
                  clearable
                  disabled={!editable(field)}
                  required={policy.requiredFields.includes(field)}
                  value={values[field] || null}
                  error={problems[field]}
                  onChange={(date) => {
                    setValues((v) => ({ ...v, [field]: date ?? '' }));
                    forget(field);
                  }}
                />
              ) : (
                <TextInput
                  key={field}
                  id={`campo-${field}`}
                  label={labelOfField(field)}
                  {...(max ? charCounter(values[field], max) : {})}
                  disabled={!editable(field)}
                  required={policy.requiredFields.includes(field)}
                  value={values[field]}
                  error={problems[field]}
                  onChange={(event) => {
                    const typed = event.currentTarget.value;
                    setValues((v) => ({
                      ...v,
                      [field]: field === 'cnpj_correto' ? formatCnpj(typed) : typed,
                    }));
                    forget(field);
                  }}
                />
              ),
            )}
          </SimpleGrid>
        </Stack>
        <Stack gap="sm" component="section" aria-label="Anexos">
          <Title order={3} fz="md">
            Anexos
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
            {REGULARIZATION_FILES.map((slot) => {
              const stored = record.anexos.find((a) => a.tipo === slot);
              const mayChange = policy.editableFiles.includes(slot);
              return (
                <Stack key={slot} gap={4}>
                  {mayChange ? (
                    <FileInput
                      id={`campo-${slot}`}
                      label={fieldLabel(slot)}
                      required={policy.requiredFiles.includes(slot)}
                      accept={ACCEPT}
                      clearable
                      placeholder={stored ? 'Substituir arquivo' : 'Escolher arquivo'}
                      leftSection={<IconPaperclip size={16} />}
                      value={files[slot] ?? null}
                      error={problems[slot]}
                      onChange={(file) => void chooseFile(slot, file)}
                    />
                  ) : (
                    <Text size="sm" fw={500}>
                      {fieldLabel(slot)}
                    </Text>
                  )}
                  {stored ? (
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component="button" type="button" size="sm" onClick={() => setViewing(stored)}>
                        <Group gap={4} wrap="nowrap">
                          <IconEye size={16} aria-hidden />
                          Visualizar Arquivo
                        </Group>
                      </Anchor>
                      <Text size="xs" c="dimmed" truncate>
                        {stored.nome}
                      </Text>
                      {mayChange && (
                        <Tooltip label="Apagar arquivo">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Apagar ${fieldLabel(slot)}`}
                            onClick={() => removeFile(slot)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  ) : (
                    !mayChange && (
                      <Text size="xs" c="dimmed">
                        Nenhum arquivo
                      </Text>
                    )
                  )}
                </Stack>
              );
            })}
          </SimpleGrid>
        </Stack>
        <Stack gap="sm" component="section" aria-label="Andamento">
          <Title order={3} fz="md">
            Andamento
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {policy.canSave && (
              <Select
                id="campo-status"
                label="Status"
                required
                data={policy.statusChoices.map((s) => ({
                  value: String(s),
                  label: regularizationStatusLabel(s),
                }))}
                value={String(status)}
                allowDeselect={false}
                error={problems.status}
                onChange={(value) => {
                  if (value === null) return;
                  setStatus(Number(value));
                  forget('status');
                }}
              />
            )}
            {move && (
              <RefusalReasonInput
                move={move}
                value={reason}
                onChange={(value) => {
                  setReason(value);
                  forget(REASON_FIELD);
                  forget(REASON_TEXT_FIELD);
                }}
                error={problems[REASON_FIELD]}
                textError={problems[REASON_TEXT_FIELD]}
              />
            )}
            {editable('observacao') && (
              <Textarea
                id="campo-observacao"
                label="Observação"
                autosize
                minRows={3}
                {...charCounter(observacao, FIELD_MAX.observacao)}
                value={observacao}
                error={problems.observacao}
                onChange={(event) => {
                  setObservacao(event.currentTarget.value);
                  forget('observacao');
                }}
              />
            )}
          </SimpleGrid>
          <Group gap="sm">
            <HistoryButtons
              statuses={{
                queryKey: regularizationKeys.statusHistory(screen, record.id),
                queryFn: () => statusHistory(screen, record.id),
              }}
              observations={{
                queryKey: regularizationKeys.observationHistory(screen, record.id),
                queryFn: () => observationHistory(screen, record.id),
              }}
              renderStatus={(s) => <RegularizationStatusBadge status={s} />}
            />
          </Group>
        </Stack>
        {progress !== null && <Progress value={progress} aria-label="Envio dos arquivos" animated />}
        <Group justify="space-between">
          <Button
            component={Link}
            to={screen.listPath}
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
          >
            Voltar
          </Button>
          {policy.canSave && <SubmitButton pending={save.isPending}>Cadastrar</SubmitButton>}
        </Group>
      </Stack>
    </Card>
  );
}

function ReadOnlyGrid({ title, rows }: { title: string; rows: [string, string | null][] }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} fz="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {rows.map(([label, value]) => (
          <TextInput key={label} label={label} value={value ?? ''} readOnly variant="filled" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
