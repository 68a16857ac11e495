import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CELL_BLOCK_FIELDS,
  CELL_TRACKING_FIELDS,
  clientCnpjForUf,
  formatCpfOrCnpj,
  formFieldLabel,
  type RequestField,
  type RequestPolicy,
} from '@portal/domain';
import dayjs from 'dayjs';
import { Fragment, type ReactNode } from 'react';
import { IconLock } from '@tabler/icons-react';
import { ReadOnlyField } from './record/ReadOnlyField.tsx';
import { RequestFieldInput, type FieldContext } from './RequestFieldInput.tsx';

interface Props {
  policy: RequestPolicy;
  ctx: FieldContext;
  /** When the request was made (ISO), or undefined while creating. */
  requestedAt: string | undefined;
  /** Why a field this user sees is locked (lockReason in the domain); absent while creating. */
  lockReasonOf?: (field: RequestField) => string;
}

const inBlock = (block: readonly RequestField[]) => (f: RequestField) => block.includes(f);

/** 'Dados da Solicitação': what the policy shows this user, locked and marked as it says. */
export function RequestFieldsSection({ policy, ctx, requestedAt, lockReasonOf }: Props) {
  const visible = policy.visibleFields.filter((f) => f !== 'observacao');
  const tracking = visible.filter(inBlock(CELL_TRACKING_FIELDS));
  // A form that names its own audience for a field shows it to others than the cell (the water
  // change's Unidade Nova, part 2 §2.14): it belongs with the general fields, not the cell's block.
  const cellBlock = visible.filter((f) => inBlock(CELL_BLOCK_FIELDS)(f) && !(f in ctx.form.audience));
  const general = visible.filter((f) => !tracking.includes(f) && !cellBlock.includes(f));
  const clientCnpj = clientCnpjForUf(ctx.editor.values.uf);

  const input = (field: RequestField) => (
    <RequestFieldInput
      key={field}
      field={field}
      editable={policy.editableFields.includes(field)}
      required={policy.requiredFields.includes(field)}
      ctx={ctx}
    />
  );
  // Read-only facts the server derives: the client's CNPJ from the UF, the request date from its clock.
  const derived: Partial<Record<RequestField, ReactNode>> = {
    cnpj_solicitada: (
      <ReadOnlyField
        key="cnpj_tim"
        field="cnpj_tim"
        label={formFieldLabel(ctx.form, 'cnpj_tim')}
        value={clientCnpj ? formatCpfOrCnpj(clientCnpj) : 'Definido pela UF'}
      />
    ),
  };
  // Why the block's read-only values are locked, once per reason (the whole record's reason is in the header).
  const locks = (fields: RequestField[]) => {
    if (!policy.canSave || !lockReasonOf) return null;
    const byReason = new Map<string, string[]>();
    for (const f of fields.filter((f) => !policy.editableFields.includes(f))) {
      const reason = lockReasonOf(f);
      byReason.set(reason, [...(byReason.get(reason) ?? []), formFieldLabel(ctx.form, f)]);
    }
    return [...byReason].map(([reason, labels]) => (
      <Text key={reason} size="xs" c="dimmed">
        <IconLock size={12} aria-hidden /> Somente leitura — {labels.join(', ')}: {reason}
      </Text>
    ));
  };

  return (
    <Stack gap="lg">
      <Block title="Dados da Solicitação" notes={locks(general)}>
        {general.map((field) => (
          <Fragment key={field}>
            {derived[field]}
            {input(field)}
          </Fragment>
        ))}
        <ReadOnlyField
          field="data_pedido"
          label={formFieldLabel(ctx.form, 'data_pedido')}
          value={dayjs(requestedAt).format('DD/MM/YYYY')}
        />
      </Block>
      {tracking.length > 0 && (
        <Block title="Acompanhamento da Concessionária" notes={locks(tracking)}>
          {tracking.map(input)}
        </Block>
      )}
      {cellBlock.length > 0 && (
        <Block title="Dados da Célula" notes={locks(cellBlock)}>
          {cellBlock.map(input)}
        </Block>
      )}
    </Stack>
  );
}

function Block({ title, notes, children }: { title: string; notes?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {notes}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}
