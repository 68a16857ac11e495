import { Alert, Button, Card, Divider, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  normalizeValue,
  type DuplicateKey,
  REQUEST_FIELDS,
  requestPolicy,
  type RequestField,
  type RequestFile,
  type RequestForm,
  type RequestPolicy,
  type RequestStatus,
} from '@portal/domain';
import { IconAlertTriangle, IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSessionUser } from '../../app/session/useSession.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { observationHistory, saveRequest, statusHistory, type RequestRecord } from './api.ts';
import { AttachmentsSection } from './AttachmentsSection.tsx';
import { DuplicateModal } from './DuplicateModal.tsx';
import {
  chosenSlots,
  initialValues,
  invalidTaxId,
  saveProblems,
  savePayload,
  uploadedSlots,
  type ChosenFiles,
  type FormValues,
  type Problems,
} from './formModel.ts';
import { HistoryButtons } from '../../ui/HistoryButtons.tsx';
import { fieldInputId } from './RequestFieldInput.tsx';
import { RequestFieldsSection } from './RequestFieldsSection.tsx';
import { RequesterSection, type Requester } from './RequesterSection.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { StatusSection } from './StatusSection.tsx';
import { useDuplicateCheck } from './useDuplicateCheck.ts';
import { useCepLookup, useLocalityOptions } from './useLocality.ts';
import { FAILED } from '../../ui/feedback.ts';
import { requestKeys } from './queryKeys.ts';

interface Props {
  form: RequestForm;
  /** undefined while creating. */
  record: RequestRecord | undefined;
  /** Reads the record again; `discardTyped` also resets what the user typed (after a 409). */
  onReload: (discardTyped: boolean) => void;
}

const isField = (name: string): name is RequestField => (REQUEST_FIELDS as readonly string[]).includes(name);

/** The selector starts on the current status when it may be kept, else on the first move offered. */
const defaultStatus = (policy: RequestPolicy, record: RequestRecord | undefined): number =>
  record && policy.statusChoices.includes(record.status as RequestStatus)
    ? record.status
    : (policy.statusChoices[0] ?? record?.status ?? 0);

/** One request form for the four flows: what it shows, locks and requires comes from requestPolicy. */
export function RequestEditor({ form, record, onReload }: Props) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editor = useForm<FormValues>({ initialValues: initialValues(record) });
  const policyFor = (chosenStatus?: number) =>
    requestPolicy({
      actor: user,
      flow: form.flow,
      kind: form.kind,
      currentStatus: record ? (record.status as RequestStatus) : null,
      chosenStatus: chosenStatus as RequestStatus | undefined,
      uploadedFiles: uploadedSlots(record),
    });
  const [chosenStatus, setChosenStatus] = useState(() => defaultStatus(policyFor(), record));
  // Recomputed on every render: choosing a status moves the required marks (3 → observação, 7 → pagamento).
  const policy = policyFor(chosenStatus);
  const [files, setFiles] = useState<ChosenFiles>({});
  const [problems, setProblems] = useState<Problems>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const duplicates = useDuplicateCheck(form, record?.id);
  const locality = useLocalityOptions(form, editor.values.uf, editor.values.id_concessionaria);
  const cep = useCepLookup((address) => {
    for (const [field, value] of Object.entries(address) as [RequestField, string][]) {
      if (value && policy.editableFields.includes(field)) editor.setFieldValue(field, value);
    }
  });

  const mutation = useMutation({
    mutationFn: () => {
      // The bar shows from the first byte: a slow link may take a while to report any progress.
      if (chosenSlots(files).length) setProgress(0);
      return saveRequest(
        form,
        record ? 'edit' : 'add',
        savePayload(policy, editor.values, record, chosenStatus, duplicates.confirmed),
        files,
        setProgress,
      );
    },
    onSuccess: () => {
      toastSuccess('Salvo com sucesso');
      void queryClient.invalidateQueries({ queryKey: requestKeys.all(form) });
      navigate(form.listPath);
    },
    onError: (error) => {
      const message = error.message;
      if (error instanceof ApiError && error.status === 409) {
        setConflict(message);
        toastError(message);
        return;
      }
      toastError(`${FAILED.save}, ${message}`);
      const field = error instanceof ApiError ? error.campo : undefined;
      if (field && isField(field)) editor.setFieldError(field, message);
      else if (field) setProblems({ [field]: message });
    },
    onSettled: () => setProgress(null),
  });

  const focus = (field: string) => document.getElementById(fieldInputId(field))?.focus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    if (invalidTaxId(policy, editor.values)) {
      editor.setFieldError('cnpj_solicitada', form.taxId.fieldError);
      toastError(form.taxId.saveToast);
      focus('cnpj_solicitada');
      return;
    }
    const found = saveProblems({ form, user, policy, values: editor.values, record, chosenStatus, files });
    const fieldErrors = Object.fromEntries(Object.entries(found).filter(([name]) => isField(name)));
    editor.setErrors(fieldErrors);
    setProblems(Object.fromEntries(Object.entries(found).filter(([name]) => !isField(name))));
    const first = Object.entries(found)[0];
    if (first) {
      toastError(first[1]);
      focus(first[0]);
      return;
    }
    mutation.mutate();
  };

  const requester: Requester = record
    ? {
        nome: record.nome,
        empresa: record.razao_social,
        cnpj: record.cnpj_empresa,
        email: record.email,
        telefone: record.telefone,
      }
    : {
        nome: user.name,
        empresa: user.razao_social,
        cnpj: user.cnpj,
        email: user.email,
        telefone: user.telefone,
      };

  const checkDuplicate = (key: DuplicateKey) => {
    const typed = editor.values[key];
    // Only a changed value can be a new duplicate; the server judges the same way.
    const changed = normalizeValue(typed) !== normalizeValue(record?.[key]);
    void duplicates.check(key, changed ? typed : '');
  };

  return (
    <Card padding="lg" radius="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Title order={1} fz={22}>
          {record ? `${form.title} nº ${record.id}` : form.createButton}
        </Title>
        <RequesterSection requester={requester} />
        <Divider />
        <RequestFieldsSection
          policy={policy}
          requestedAt={record?.data_pedido}
          ctx={{
            form,
            editor,
            cities: locality.cities,
            citiesLoading: locality.citiesLoading,
            concessionaires: locality.concessionaires,
            regionals: locality.regionals,
            onUfChange: (uf) => {
              if (uf !== editor.values.uf) editor.setFieldValue('municipio', '');
              editor.setFieldValue('uf', uf);
            },
            onCepBlur: (typed) => void cep.lookup(typed),
            cepNotice: cep.looking ? 'Consultando CEP…' : cep.notice,
            onTaxIdBlur: () => {
              if (invalidTaxId(policy, editor.values))
                editor.setFieldError('cnpj_solicitada', form.taxId.fieldError);
            },
            onDuplicateCheck: checkDuplicate,
          }}
        />
        <AttachmentsSection
          form={form}
          policy={policy}
          record={record}
          files={files}
          problems={problems}
          onChoose={(slot: RequestFile, file) => {
            setFiles((previous) => ({ ...previous, [slot]: file }));
            setProblems((previous) => ({ ...previous, [slot]: undefined }));
          }}
          onDeleted={() => onReload(false)}
        />
        <Divider />
        <StatusSection
          form={form}
          policy={policy}
          editor={editor}
          currentStatus={record?.status ?? null}
          chosenStatus={chosenStatus}
          onChoose={(status) => {
            setChosenStatus(status);
            setProblems((previous) => ({ ...previous, status: undefined }));
          }}
          statusError={problems.status}
        />
        {conflict && (
          <Alert color="orange" icon={<IconAlertTriangle />} role="alert" title={conflict}>
            <Button
              mt="xs"
              size="xs"
              variant="white"
              color="orange"
              leftSection={<IconRefresh size={16} />}
              onClick={() => onReload(true)}
            >
              Recarregar
            </Button>
          </Alert>
        )}
        {progress !== null && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {progress < 100
                ? `Enviando arquivos… ${progress}%`
                : 'Arquivos enviados, aguardando o servidor…'}
            </Text>
            <Progress value={progress} size="lg" striped animated aria-label="Envio dos arquivos" />
          </Stack>
        )}
        <Group justify="space-between">
          <Group gap="sm">
            <Button
              component={Link}
              to={form.listPath}
              variant="default"
              leftSection={<IconArrowLeft size={18} />}
            >
              Voltar
            </Button>
            {record && (
              <HistoryButtons
                statuses={{
                  queryKey: requestKeys.statusHistory(form, record.id),
                  queryFn: () => statusHistory(form, record.id),
                }}
                observations={{
                  queryKey: requestKeys.observationHistory(form, record.id),
                  queryFn: () => observationHistory(form, record.id),
                }}
                renderStatus={(status) => <StatusBadge form={form} status={status} />}
              />
            )}
          </Group>
          {policy.canSave && !duplicates.blocksSubmit && (
            <SubmitButton pending={mutation.isPending}>Cadastrar</SubmitButton>
          )}
        </Group>
      </Stack>
      <DuplicateModal
        form={form}
        warning={duplicates.shown}
        onClose={duplicates.close}
        onOverride={duplicates.override}
      />
    </Card>
  );
}
