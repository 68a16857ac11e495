import { Fieldset, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { Select } from '../../../ui/select.tsx';
import {
  REFERENCE_TEXT_MAX,
  flagNotHeld,
  isAdministrator,
  mayAdministerRoleKind,
  mayGrantFlag,
  NO_OWN_GROUP_CHANGE,
  ONLY_ADMIN_OTHER_ROLE_KIND,
  PERMISSION_FLAGS,
  PERMISSION_LABELS,
  ROLE_KINDS,
  type PermissionFlag,
  groupSaveBody,
} from '@portal/domain';
import { useSessionUser } from '../../../app/session/useSession.ts';
import { FormModal } from '../shared/FormModal.tsx';
import { useRecordForm } from '../shared/useRecordForm.ts';
import { groupsResource, type GroupRow } from './api.ts';
import { charCounter } from '../../../ui/charCounter.tsx';

interface Props {
  record?: GroupRow;
  onClose: () => void;
}

type Values = { id: string; nome: string; papel: string } & Record<PermissionFlag, boolean>;

const initialValues = (record?: GroupRow): Values => ({
  id: record ? String(record.id) : '',
  nome: record?.nome ?? '',
  papel: record?.papel ?? '',
  ...(Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, record?.[f] ?? false])) as Record<
    PermissionFlag,
    boolean
  >),
});

/**
 * An access group: its numeric code (the id the policy and the old screens know it by, so it is
 * fixed once created), role kind and the permission flags behind menu and server checks.
 */
export function GroupFormModal({ record, onClose }: Props) {
  const me = useSessionUser();
  // Mirrors groupGrantProblem: one's own group is fixed, and a flag one may not grant stays as it was.
  const ownGroup = record?.id === me.grupo;
  const flagLock = (flag: PermissionFlag): string | undefined => {
    if (ownGroup) return NO_OWN_GROUP_CHANGE;
    if (!mayGrantFlag(me, flag) && !record?.[flag]) return flagNotHeld(flag);
    return undefined;
  };
  // Only profile 1 creates or changes groups of another role kind than their own group's.
  const roleOptions = Object.entries(ROLE_KINDS).map(([value, { label }]) => ({
    value,
    label,
    disabled: !mayAdministerRoleKind(me, value),
  }));
  const roleNote = isAdministrator(me) ? undefined : ONLY_ADMIN_OTHER_ROLE_KIND;
  const { form, onSubmit, pending, problem } = useRecordForm<Values>({
    resource: groupsResource,
    schema: groupSaveBody,
    mode: record ? 'edit' : 'add',
    initialValues: initialValues(record),
    toBody: (values) => values,
    version: record?.version,
    onSaved: onClose,
  });

  return (
    <FormModal
      title="Grupo de Acesso"
      editing={Boolean(record)}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={pending}
      problem={problem}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Código do Grupo"
          required
          inputMode="numeric"
          disabled={Boolean(record)}
          data-autofocus
          {...form.getInputProps('id')}
        />
        <TextInput
          label="Nome"
          required
          {...charCounter(form.values.nome, REFERENCE_TEXT_MAX.grupo)}
          {...form.getInputProps('nome')}
        />
      </SimpleGrid>
      <Select
        label="Papel"
        required
        placeholder="Selecione"
        data={roleOptions}
        disabled={ownGroup}
        description={ownGroup ? NO_OWN_GROUP_CHANGE : roleNote}
        {...form.getInputProps('papel')}
      />
      <Fieldset legend="Permissões">
        <Stack gap="sm">
          {PERMISSION_FLAGS.map((flag) => (
            <Switch
              key={flag}
              label={PERMISSION_LABELS[flag]}
              disabled={Boolean(flagLock(flag))}
              description={ownGroup ? undefined : flagLock(flag)}
              {...form.getInputProps(flag, { type: 'checkbox' })}
            />
          ))}
        </Stack>
      </Fieldset>
    </FormModal>
  );
}
