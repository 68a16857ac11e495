import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { acceptAttribute, type RequestFile } from '@portal/domain';
import { IconFileUpload, IconX } from '@tabler/icons-react';
import { formatFileSize } from '../files/fileSize.ts';
import { ACCEPTED_TEXT } from './formModel.ts';
import { fieldInputId } from './RequestFieldInput.tsx';

const ACCEPT = acceptAttribute('solicitacao');

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
export function SlotDropzone({
  slot,
  label,
  required,
  replacing,
  chosen,
  error,
  onChoose,
}: SlotDropzoneProps) {
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
