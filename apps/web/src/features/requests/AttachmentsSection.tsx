import { ActionIcon, Anchor, Button, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import {
  acceptAttribute,
  FILE_HEAD_BYTES,
  fileProblem,
  formFieldLabel,
  MAX_FILE_BYTES,
  type RequestFile,
  type RequestForm,
  type RequestPolicy,
} from '@portal/domain';
import { IconEye, IconFileUpload, IconTrash, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { confirmDelete, FAILED } from '../../ui/feedback.ts';
import { modals } from '../../ui/modals.ts';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { useState } from 'react';
import { deleteAttachment, type RequestRecord } from './api.ts';
import { AttachmentViewer } from '../../ui/AttachmentViewer.tsx';
import type { ChosenFiles, Problems } from './formModel.ts';
import { fieldInputId } from './RequestFieldInput.tsx';
import { formatFileSize } from '../files/fileSize.ts';
import { timelineKey, useTimeline, type TimelineAttachment } from './timeline/api.ts';
import { useQueryClient } from '@tanstack/react-query';

interface Props {
  form: RequestForm;
  policy: RequestPolicy;
  record: RequestRecord | undefined;
  files: ChosenFiles;
  problems: Problems;
  onChoose: (slot: RequestFile, file: File | null) => void;
  /** After a stored file was deleted: the record changed on the server. */
  onDeleted: () => void;
}

const ACCEPT = acceptAttribute('solicitacao');
/** Said before anything is chosen (issue 15 item 5), from the same limit the server enforces. */
const ACCEPTED_TEXT = `PDF, JPG ou PNG de até ${formatFileSize(MAX_FILE_BYTES)}`;

/** The file's type is judged by its first bytes and its size before anything is sent (spec part 1 §5). */
async function problemOf(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, FILE_HEAD_BYTES).arrayBuffer());
  return fileProblem('solicitacao', { name: file.name, size: file.size, head });
}

function refuseFile(problem: string) {
  modals.open({
    title: problem,
    centered: true,
    children: (
      <Stack>
        <Text size="sm">Envie um arquivo {ACCEPTED_TEXT}.</Text>
        <Button onClick={() => modals.closeAll()}>OK</Button>
      </Stack>
    ),
  });
}

/** The attachment slots the policy shows: upload where it lets the user, view and delete what is stored. */
export function AttachmentsSection({ form, policy, record, files, problems, onChoose, onDeleted }: Props) {
  const [viewing, setViewing] = useState<{ url: string; nome: string } | null>(null);
  // Who sent each stored file and when: the timeline's answer carries it (one call for both).
  const timeline = useTimeline(form, record?.id);
  const queryClient = useQueryClient();
  if (!policy.visibleFiles.length) return null;
  const sentBy = (id: number): TimelineAttachment | undefined =>
    timeline.data?.anexos.find((a) => a.id === id);

  const choose = async (slot: RequestFile, file: File | null) => {
    const problem = file && (await problemOf(file));
    if (problem) {
      refuseFile(problem);
      onChoose(slot, null);
    } else onChoose(slot, file);
  };

  const removeFile = (slot: RequestFile) =>
    confirmDelete(async () => {
      try {
        const { msg } = await deleteAttachment(form, record!.id, slot);
        toastSuccess(msg);
        // The removal is an event of the timeline too.
        void queryClient.invalidateQueries({ queryKey: timelineKey(form, record!.id) });
        onDeleted();
      } catch (error) {
        toastError(error instanceof Error ? `${FAILED.delete}. ${error.message}` : FAILED.delete);
      }
    });

  return (
    <Stack gap="sm" component="section" aria-label="Anexos">
      <AttachmentViewer file={viewing} onClose={() => setViewing(null)} />
      <Title order={3} fz="md">
        Anexos
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {policy.visibleFiles.map((slot) => {
          const stored = record?.anexos.find((a) => a.tipo === slot);
          const editable = policy.editableFiles.includes(slot);
          const label = formFieldLabel(form, slot);
          return (
            <Stack key={slot} gap={4}>
              {editable ? (
                <SlotDropzone
                  slot={slot}
                  label={label}
                  required={policy.requiredFiles.includes(slot)}
                  replacing={Boolean(stored)}
                  chosen={files[slot] ?? null}
                  error={problems[slot]}
                  onChoose={(file) => void choose(slot, file)}
                />
              ) : (
                <Text size="sm" fw={500}>
                  {label}
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
                  <StoredFileFacts nome={stored.nome} tamanho={stored.tamanho} sent={sentBy(stored.id)} />
                  {editable && (
                    <Tooltip label="Apagar arquivo">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Apagar ${label}`}
                        onClick={() => removeFile(slot)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              ) : (
                !editable && (
                  <Text size="sm" c="dimmed">
                    Nenhum arquivo enviado.
                  </Text>
                )
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** Name, size, who sent it and when: what a reviewer checks before opening a file. */
function StoredFileFacts({
  nome,
  tamanho,
  sent,
}: {
  nome: string;
  tamanho: number;
  sent?: TimelineAttachment;
}) {
  const facts = [
    formatFileSize(tamanho),
    sent && `enviado por ${sent.enviado_por ?? 'usuário removido'}`,
    sent && `em ${dayjs(sent.enviado_em).format('DD/MM/YYYY HH:mm')}`,
  ].filter(Boolean);
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" fw={500} truncate title={nome}>
        {nome}
      </Text>
      <Text size="xs" c="gray.7">
        {facts.join(' · ')}
      </Text>
    </Stack>
  );
}

interface SlotDropzoneProps {
  slot: RequestFile;
  label: string;
  required: boolean;
  replacing: boolean;
  chosen: File | null;
  error: string | undefined;
  onChoose: (file: File | null) => void;
}

/**
 * One slot's drop area (Mantine Dropzone): drag a file onto it or activate it to choose one. The
 * accepted types and the limit are written on it before anything is chosen; what is dropped goes
 * through the same content check as what is chosen (problemOf), so the refusal reads the same.
 */
function SlotDropzone({ slot, label, required, replacing, chosen, error, onChoose }: SlotDropzoneProps) {
  const labelId = `${fieldInputId(slot)}-rotulo`;
  const hintId = `${fieldInputId(slot)}-dica`;
  const errorId = `${fieldInputId(slot)}-erro`;
  const promptId = `${fieldInputId(slot)}-acao`;
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
        {required && (
          <Text span c="red.8" inherit aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      <Dropzone
        id={fieldInputId(slot)}
        role="button"
        // Named by the slot and every word it shows, so a speech user can say what they see (axe).
        aria-labelledby={`${labelId} ${promptId} ${hintId}`}
        aria-describedby={error ? errorId : undefined}
        multiple={false}
        onDrop={(dropped) => onChoose(dropped[0] ?? null)}
        onReject={(rejected) => onChoose(rejected[0]?.file ?? null)}
        // Not rendered, only clicked: a file input inside role="button" is a nested control (axe).
        inputProps={{ accept: ACCEPT, style: { display: 'none' } }}
        p="sm"
        radius="md"
        style={error ? { borderColor: 'var(--mantine-color-red-8)' } : undefined}
      >
        <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <IconFileUpload size={28} aria-hidden />
          <Stack gap={0} miw={0}>
            <Text id={promptId} size="sm" truncate>
              {chosen
                ? chosen.name
                : replacing
                  ? 'Arraste um arquivo para substituir ou clique para escolher'
                  : 'Arraste o arquivo aqui ou clique para escolher'}
            </Text>
            {/* A space between the two lines: axe reads the area's text without one ("escolherPDF"). */}{' '}
            <Text id={hintId} size="xs" c="gray.7">
              {chosen ? formatFileSize(chosen.size) : ACCEPTED_TEXT}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {chosen && (
        <Anchor component="button" type="button" size="xs" onClick={() => onChoose(null)}>
          <Group gap={4} wrap="nowrap">
            <IconX size={14} aria-hidden />
            Remover {chosen.name}
          </Group>
        </Anchor>
      )}
      {error && (
        <Text id={errorId} size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
