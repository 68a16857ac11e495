import { Anchor, Button, Card, Divider, Progress, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  editPathFor,
  lockReason,
  mayDelete,
  mayKeepStatus,
  normalizeValue,
  REASON_FIELD,
  REASON_REQUIRED,
  REASON_TEXT_FIELD,
  reasonRequired,
  type DuplicateKey,
  REQUEST_FIELDS,
  requestActions,
  requestPolicy,
  type RequestAction,
  type RequestField,
  type RequestFile,
  type RequestForm,
  type RequestStatus,
} from '@portal/domain';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { lazyPage } from '../../app/lazy-page.ts';
import { useSessionUser } from '../../app/session/useSession.ts';
import { modals } from '../../ui/modals.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { saveRequest, type RequestRecord } from './api.ts';
import { AttachmentsSection } from './AttachmentsSection.tsx';
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
import { displayValue, fieldInputId, modalInputId, type FieldContext } from './RequestFieldInput.tsx';
import { RequestFieldsSection } from './RequestFieldsSection.tsx';
import { RequesterSection, type Requester } from './RequesterSection.tsx';
import { StatusSection } from './StatusSection.tsx';
import { useDuplicateCheck } from './useDuplicateCheck.ts';
import { useCepLookup, useLocalityOptions } from './useLocality.ts';
import { useStatusLabel } from './useStatusLabel.ts';
import { FAILED } from '../../ui/feedback.ts';
import { requestKeys } from './queryKeys.ts';
import { ActionBar } from './record/ActionBar.tsx';
import { ChangedMeanwhile } from './record/ChangedMeanwhile.tsx';
import { changedFields, type ChangedField } from './record/changedFields.ts';
import { ReadOnlyNotice, RecordHeader } from './record/RecordHeader.tsx';
import { withdrawRequest } from './record/withdraw.ts';
import { useListReturnHref } from './list/returnHref.ts';
import {
  NO_REASON,
  REASON_INPUT_ID,
  reasonPayload,
  type ReasonValue,
} from '../refusal-reasons/reason-value.ts';

// Loaded when they show: the confirmation of a move, the duplicate warning, a record's timeline.
const ActionModal = lazyPage(() => import('./record/ActionModal.tsx'), 'ActionModal');
const DuplicateModal = lazyPage(() => import('./DuplicateModal.tsx'), 'DuplicateModal');
const RequestTimeline = lazyPage(() => import('./timeline/RequestTimeline.tsx'), 'RequestTimeline');

interface Props {
  form: RequestForm;
  /** undefined while creating. */
  record: RequestRecord | undefined;
  /** Reads the record again; `discardTyped` also resets what the user typed. Resolves to the record now stored. */
  onReload: (discardTyped: boolean) => Promise<RequestRecord | undefined>;
}

const CONFLICT_ID = 'alterado-por-outra-pessoa';

const isField = (name: string): name is RequestField => (REQUEST_FIELDS as readonly string[]).includes(name);

/** One request form for the four flows: what it shows, locks, requires and offers comes from the domain's policy. */
export function RequestEditor({ form, record, onReload }: Props) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const statusName = useStatusLabel();
  const editor = useForm<FormValues>({ initialValues: initialValues(record) });
  const policyInput = {
    actor: user,
    flow: form.flow,
    kind: form.kind,
    currentStatus: record ? (record.status as RequestStatus) : null,
    uploadedFiles: uploadedSlots(record),
    creatorWindow: record?.autor_pode_corrigir === true,
  };
  // Keeping the status: the form's required marks. Each action's own requirements are in its modal.
  const policy = requestPolicy(policyInput);
  const actions = requestActions(policyInput);
  const mayKeep = !record || mayKeepStatus(policyInput);
  const [files, setFiles] = useState<ChosenFiles>({});
  const [problems, setProblems] = useState<Problems>({});
  const [pendingAction, setPendingAction] = useState<RequestAction | null>(null);
  // A refusing move's reason (issue 34 step 3), asked in its dialog; the server judges it again.
  const [reason, setReason] = useState<ReasonValue>(NO_REASON);
  const [reasonErrors, setReasonErrors] = useState<Partial<Record<string, string>>>({});
  const reasonMove = (status: number) => reasonRequired('solicitacao', record?.status ?? null, status);
  // After a 409: what the user started from, the message and what someone else changed meanwhile.
  const [startedFrom, setStartedFrom] = useState(record);
  const [conflict, setConflict] = useState<{ message: string; changed: ChangedField[] } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const duplicates = useDuplicateCheck(form, record?.id);
  const locality = useLocalityOptions(
    form,
    editor.values.uf,
    editor.values.id_concessionaria,
    editor.values.regional,
  );
  const cep = useCepLookup((address) => {
    for (const [field, value] of Object.entries(address) as [RequestField, string][]) {
      if (value && policy.editableFields.includes(field)) editor.setFieldValue(field, value);
    }
  });
  // Where "Voltar" and a finished save lead.
  const backHref = useListReturnHref(form);

  const mutation = useMutation({
    mutationFn: (status: number) => {
      // The bar shows from the first byte: a slow link may take a while to report any progress.
      if (chosenSlots(files).length) setProgress(0);
      return saveRequest(
        form,
        record ? 'edit' : 'add',
        {
          ...savePayload(policy, editor.values, record, status, duplicates.confirmed),
          ...reasonPayload(reasonMove(status), reason),
        },
        files,
        setProgress,
      );
    },
    onSuccess: (saved) => {
      setPendingAction(null);
      if (record) toastSuccess('Salvo com sucesso');
      else {
        // The new request's number, and a way to it from wherever the user goes next (issue 15).
        const path = editPathFor(form, saved.id);
        toastSuccess(
          <>
            Salvo com sucesso: solicitação nº {saved.id} cadastrada.{' '}
            <Anchor
              href={path}
              size="sm"
              onClick={(event) => {
                event.preventDefault();
                navigate(path);
              }}
            >
              Abrir a solicitação nº {saved.id}
            </Anchor>
          </>,
          10_000,
        );
      }
      void queryClient.invalidateQueries({ queryKey: requestKeys.all(form) });
      navigate(backHref);
    },
    onError: async (error) => {
      const message = error.message;
      if (error instanceof ApiError && error.status === 409) {
        setPendingAction(null);
        toastError(message);
        // Someone saved first: keep what the user typed, read the record now stored and show what changed.
        const now = await onReload(false);
        if (now && startedFrom) {
          const opened = initialValues(startedFrom);
          const stored = initialValues(now);
          const changed = changedFields(startedFrom, now).map((c) => {
            if (!isField(c.field)) return c;
            // A field only the other person changed takes their value, so saving again cannot undo it;
            // one the user changed too keeps the user's value, marked, for the user to decide.
            const mine = normalizeValue(editor.values[c.field]) !== normalizeValue(opened[c.field]);
            if (!mine) editor.setFieldValue(c.field, stored[c.field]);
            return { ...c, mine };
          });
          setConflict({ message, changed });
          setStartedFrom(now);
        } else setConflict({ message, changed: [] });
        // The notice is at the top of a long form; the user pressed a button at the bottom.
        setTimeout(() => document.getElementById(CONFLICT_ID)?.scrollIntoView({ block: 'start' }), 0);
        return;
      }
      const field = error instanceof ApiError ? error.campo : undefined;
      if (field === REASON_FIELD || field === REASON_TEXT_FIELD) {
        // The reason is asked in the dialog, which stays open: its select shows the sentence.
        setReasonErrors({ [field]: message });
        toastError(`${FAILED.save}, ${message}`);
        return;
      }
      if (field && isField(field) && policy.editableFields.includes(field)) {
        // A refusal of one field reads as a sentence under it, where the focus goes; a toast would
        // cover it (issue 34: the regional's refusal).
        editor.setFieldError(field, message);
        focusOn(field, pendingAction ? [...pendingAction.requiredFields, 'observacao'] : []);
        return;
      }
      toastError(`${FAILED.save}, ${message}`);
      if (field && isField(field)) editor.setFieldError(field, message);
      else if (field) setProblems({ [field]: message });
    },
    onSettled: () => setProgress(null),
  });

  /** Every problem the server would find with this status chosen, marked at once; false when there is one. */
  const validate = (status: number, inModal: readonly string[]): boolean => {
    if (invalidTaxId(policy, editor.values)) {
      editor.setFieldError('cnpj_solicitada', form.taxId.fieldError);
      toastError(form.taxId.saveToast);
      return focusOn('cnpj_solicitada', inModal);
    }
    const chosen = requestPolicy({ ...policyInput, chosenStatus: status as RequestStatus });
    const found = saveProblems({
      form,
      user,
      policy: chosen,
      values: editor.values,
      record,
      chosenStatus: status,
      files,
    });
    editor.setErrors(Object.fromEntries(Object.entries(found).filter(([name]) => isField(name))));
    setProblems(Object.fromEntries(Object.entries(found).filter(([name]) => !isField(name))));
    const first = Object.entries(found)[0];
    if (!first) return true;
    toastError(first[1]);
    return focusOn(first[0], inModal);
  };

  /** Focus the field to fix: in the modal when it asks for it, else in the form (closing the modal). */
  const focusOn = (field: string, inModal: readonly string[]): false => {
    if (inModal.includes(field)) {
      document.getElementById(modalInputId(field))?.focus();
    } else {
      setPendingAction(null);
      setTimeout(() => document.getElementById(fieldInputId(field))?.focus(), 0);
    }
    return false;
  };

  // "Salvar"/"Cadastrar" (and Enter): save without moving the request.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mayKeep || !policy.canSave) return;
    const status = record ? record.status : policy.statusChoices[0]!;
    if (validate(status, [])) mutation.mutate(status);
  };

  const confirmAction = () => {
    if (!pendingAction) return;
    const inModal = [...pendingAction.requiredFields, 'observacao'];
    // Every problem is marked at once: the reason's beside the fields'.
    const reasonMissing = reasonMove(pendingAction.status) !== null && reason.motivo_recusa_id === null;
    if (reasonMissing) setReasonErrors({ [REASON_FIELD]: REASON_REQUIRED });
    if (!validate(pendingAction.status, inModal)) return;
    if (reasonMissing) {
      toastError(REASON_REQUIRED);
      document.getElementById(REASON_INPUT_ID)?.focus();
      return;
    }
    mutation.mutate(pendingAction.status);
  };

  const withdraw = useMutation({
    mutationFn: () => withdrawRequest(form, record!.id),
    onSuccess: () => {
      toastSuccess('Apagado com sucesso!');
      void queryClient.invalidateQueries({ queryKey: requestKeys.all(form) });
      navigate(backHref);
    },
    onError: (error) => toastError(`Não foi possível apagar, ${error.message}`),
  });
  const confirmWithdraw = () =>
    modals.openConfirmModal({
      title: 'Você tem certeza?',
      children: (
        <Text size="sm">Isso não poderá ser desfeito: a solicitação nº {record!.id} será excluída.</Text>
      ),
      labels: { confirm: 'Sim, Apagar!', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () => withdraw.mutate(),
    });

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

  const baseCtx: FieldContext = {
    form,
    editor,
    cities: locality.cities,
    citiesLoading: locality.citiesLoading,
    concessionaires: locality.concessionaires,
    regionals: locality.regionals,
    onUfChange: (uf) => {
      if (uf !== editor.values.uf) editor.setFieldValue('municipio', '');
      if (!locality.regionalServes(editor.values.regional, uf)) editor.setFieldValue('regional', '');
      editor.setFieldValue('uf', uf);
    },
    onCepBlur: (typed) => void cep.lookup(typed),
    cepNotice: cep.looking ? 'Consultando CEP…' : cep.notice,
    onTaxIdBlur: () => {
      if (invalidTaxId(policy, editor.values)) editor.setFieldError('cnpj_solicitada', form.taxId.fieldError);
    },
    onDuplicateCheck: checkDuplicate,
  };
  // After a 409, each field someone else changed says so under its input, with the value stored now.
  const ctx: FieldContext = {
    ...baseCtx,
    changedMeanwhile: Object.fromEntries(
      (conflict?.changed ?? [])
        .filter((c): c is ChangedField & { field: RequestField } => isField(c.field) && c.mine === true)
        .map((c) => [c.field, displayValue(c.field, c.after ?? '', baseCtx)]),
    ),
  };
  const shownValue = (field: ChangedField['field'], value: string | null) => {
    if (field === 'status') return value === null ? '—' : statusName(form.flow, form.kind, Number(value));
    if (field === 'anexos' || value === null) return '(vazio)';
    return displayValue(field, value, ctx) || '(vazio)';
  };

  const busy = mutation.isPending || withdraw.isPending;
  const blocked = duplicates.blocksSubmit;

  return (
    <Card
      padding="lg"
      radius="lg"
      component="form"
      onSubmit={submit}
      noValidate
      style={{ overflow: 'visible' }}
    >
      <Stack gap="lg">
        {record ? (
          <RecordHeader form={form} record={record} policy={policy} />
        ) : (
          <>
            <Title order={1} fz={22}>
              {form.createButton}
            </Title>
            <ReadOnlyNotice policy={policy} />
          </>
        )}
        {conflict && (
          <ChangedMeanwhile
            id={CONFLICT_ID}
            form={form}
            message={conflict.message}
            changed={conflict.changed}
            display={shownValue}
            onTakeTheirs={(field) => {
              editor.setFieldValue(field, initialValues(record)[field]);
              setConflict(
                (c) =>
                  c && {
                    ...c,
                    changed: c.changed.map((x) => (x.field === field ? { ...x, mine: false } : x)),
                  },
              );
            }}
            onDiscardMine={() => void onReload(true)}
          />
        )}
        <RequesterSection requester={requester} />
        <Divider />
        <RequestFieldsSection
          policy={policy}
          requestedAt={record?.data_pedido}
          lockReasonOf={record ? (field) => lockReason(policyInput, field) : undefined}
          ctx={ctx}
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
          onDeleted={() => void onReload(false)}
        />
        <StatusSection policy={policy} editor={editor} />
        {problems.status && (
          <Text size="sm" c="red.8" role="alert">
            {problems.status}
          </Text>
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
        {/* One timeline (status, observations, fields, files) in place of the two history modals. */}
        {record && (
          <Suspense fallback={null}>
            <RequestTimeline form={form} id={record.id} />
          </Suspense>
        )}
      </Stack>
      <ActionBar
        start={
          <Button component={Link} to={backHref} variant="default" leftSection={<IconArrowLeft size={18} />}>
            Voltar
          </Button>
        }
        end={
          <>
            {record && mayDelete(user, record.autor_pode_corrigir) && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmWithdraw}
                disabled={busy}
              >
                Excluir solicitação
              </Button>
            )}
            {!blocked &&
              actions.map((action) => (
                <Button
                  key={action.status}
                  data-action={action.status}
                  variant={action.tone === 'refuse' ? 'outline' : 'filled'}
                  color={action.tone === 'refuse' ? 'red' : action.tone === 'approve' ? 'green' : undefined}
                  disabled={busy}
                  onClick={() => {
                    editor.clearErrors();
                    setPendingAction(action);
                  }}
                >
                  {action.label}
                </Button>
              ))}
            {policy.canSave && mayKeep && !blocked && (
              <SubmitButton
                pending={mutation.isPending && !pendingAction}
                variant={actions.length ? 'default' : 'filled'}
              >
                {record ? 'Salvar' : 'Cadastrar'}
              </SubmitButton>
            )}
          </>
        }
      />
      <Suspense fallback={null}>
        {pendingAction && (
          <ActionModal
            form={form}
            action={pendingAction}
            policy={policy}
            ctx={ctx}
            problems={problems}
            chosenFiles={chosenSlots(files)}
            pending={mutation.isPending}
            reason={(() => {
              const move = reasonMove(pendingAction.status);
              return move
                ? {
                    move,
                    value: reason,
                    error: reasonErrors[REASON_FIELD] ?? null,
                    textError: reasonErrors[REASON_TEXT_FIELD] ?? null,
                  }
                : null;
            })()}
            onReasonChange={(value) => {
              setReason(value);
              setReasonErrors({});
            }}
            onConfirm={confirmAction}
            onClose={() => setPendingAction(null)}
          />
        )}
        {duplicates.shown && (
          <DuplicateModal
            form={form}
            warning={duplicates.shown}
            onClose={duplicates.close}
            onOverride={duplicates.override}
          />
        )}
      </Suspense>
    </Card>
  );
}
