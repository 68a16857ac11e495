import {
  ActionIcon,
  Anchor,
  Button,
  FileInput,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  acceptAttribute,
  FILE_HEAD_BYTES,
  fileProblem,
  formFieldLabel,
  type RequestFile,
  type RequestForm,
  type RequestPolicy,
} from '@portal/domain';
import { IconEye, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { confirmDelete, FAILED } from '../../ui/feedback.ts';
import { modals } from '../../ui/modals.ts';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { useState } from 'react';
import { deleteAttachment, type RequestRecord } from './api.ts';
import { AttachmentViewer } from '../../ui/AttachmentViewer.tsx';
import type { ChosenFiles, Problems } from './formModel.ts';
import { fieldInputId } from './RequestFieldInput.tsx';

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
        <Text size="sm">Envie um arquivo PDF, JPG ou PNG de até 15 MB.</Text>
        <Button onClick={() => modals.closeAll()}>OK</Button>
      </Stack>
    ),
  });
}

/** The attachment slots the policy shows: upload where it lets the user, view and delete what is stored. */
export function AttachmentsSection({ form, policy, record, files, problems, onChoose, onDeleted }: Props) {
  const [viewing, setViewing] = useState<{ url: string; nome: string } | null>(null);
  if (!policy.visibleFiles.length) return null;

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
                <FileInput
                  id={fieldInputId(slot)}
                  label={label}
                  required={policy.requiredFiles.includes(slot)}
                  accept={ACCEPT}
                  clearable
                  placeholder={stored ? 'Substituir arquivo' : 'Escolher arquivo'}
                  leftSection={<IconPaperclip size={16} />}
                  value={files[slot] ?? null}
                  error={problems[slot]}
                  onChange={(file) => void choose(slot, file)}
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
                  <Text size="xs" c="dimmed" truncate>
                    {stored.nome}
                  </Text>
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
