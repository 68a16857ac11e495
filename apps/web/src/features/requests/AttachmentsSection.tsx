import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  FILE_HEAD_BYTES,
  fileProblem,
  formFieldLabel,
  type RequestFile,
  type RequestForm,
  type RequestPolicy,
} from '@portal/domain';
import { IconEye } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { confirmDelete, FAILED } from '../../ui/feedback.ts';
import { modals } from '../../ui/modals.ts';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { Suspense, useState } from 'react';
import { lazyPage } from '../../app/lazy-page.ts';
import { deleteAttachment, type RequestRecord } from './api.ts';
import { AttachmentViewer } from '../../ui/AttachmentViewer.tsx';
import { ACCEPTED_TEXT, type ChosenFiles, type Problems } from './formModel.ts';
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

// What fills or empties a slot (Mantine's Dropzone, a tooltip) loads with the first slot the user
// may change, not with every record.
const SlotDropzone = lazyPage(() => import('./SlotDropzone.tsx'), 'SlotDropzone');
const DeleteStoredFile = lazyPage(() => import('./DeleteStoredFile.tsx'), 'DeleteStoredFile');

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
                <Suspense fallback={null}>
                  <SlotDropzone
                    slot={slot}
                    label={label}
                    required={policy.requiredFiles.includes(slot)}
                    replacing={Boolean(stored)}
                    chosen={files[slot] ?? null}
                    error={problems[slot]}
                    onChoose={(file) => void choose(slot, file)}
                  />
                </Suspense>
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
                    <Suspense fallback={null}>
                      <DeleteStoredFile label={label} onDelete={() => removeFile(slot)} />
                    </Suspense>
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
