import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
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
import { RequestFieldInput, type FieldContext } from './RequestFieldInput.tsx';

interface Props {
  policy: RequestPolicy;
  ctx: FieldContext;
  /** When the request was made (ISO), or undefined while creating. */
  requestedAt: string | undefined;
}

const inBlock = (block: readonly RequestField[]) => (f: RequestField) => block.includes(f);

/** 'Dados da Solicitação': what the policy shows this user, locked and marked as it says. */
export function RequestFieldsSection({ policy, ctx, requestedAt }: Props) {
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
      <TextInput
        key="cnpj_tim"
        label={formFieldLabel(ctx.form, 'cnpj_tim')}
        value={clientCnpj ? formatCpfOrCnpj(clientCnpj) : ''}
        placeholder="Definido pela UF"
        readOnly
        variant="filled"
      />
    ),
  };

  return (
    <Stack gap="lg">
      <Block title="Dados da Solicitação">
        {general.map((field) => (
          <Fragment key={field}>
            {derived[field]}
            {input(field)}
          </Fragment>
        ))}
        <TextInput
          label={formFieldLabel(ctx.form, 'data_pedido')}
          value={dayjs(requestedAt).format('DD/MM/YYYY')}
          readOnly
          variant="filled"
        />
      </Block>
      {tracking.length > 0 && <Block title="Acompanhamento da Concessionária">{tracking.map(input)}</Block>}
      {cellBlock.length > 0 && <Block title="Dados da Célula">{cellBlock.map(input)}</Block>}
    </Stack>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} fz="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}
