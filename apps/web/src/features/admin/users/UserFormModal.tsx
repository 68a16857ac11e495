import { Checkbox, Group, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { Select } from '../../../ui/select.tsx';
import {
  FIELD_MAX,
  formatCpfOrCnpj,
  formatPhone,
  isAdministrator,
  mayAdministerRoleKind,
  mayAdministerSide,
  NO_OWN_ACCESS_CHANGE,
  ONLY_ADMIN_GRANTS_ADMIN,
  ONLY_ADMIN_OTHER_ROLE_KIND,
  PROFILE,
  regionaisForRole,
  sideOfRoleKind,
  userSaveBody,
  userSideProblem,
  type RoleKind,
  type SessionUser,
} from '@portal/domain';
import { useSessionUser } from '../../../app/session/useSession.ts';
import { FormModal } from '../shared/FormModal.tsx';
import { PhoneInput } from '../shared/PhoneInput.tsx';
import { useRecordForm } from '../shared/useRecordForm.ts';
import { usersResource, useUserOptions, type UserOptions, type UserRow } from './api.ts';
import { charCounter } from '../../../ui/charCounter.tsx';

interface Props {
  record?: UserRow;
  onClose: () => void;
}

interface Values {
  id?: number;
  name: string;
  email: string;
  id_empresa: string;
  id_grupo: string;
  id_perfil: string;
  id_status: boolean;
  telefone: string;
  cnpj: string;
  regionais: string[];
}

/** Role kinds whose users work on regionals: the regional ticks them, Energy Efficiency gets all. */
const usesRegionals = (papel: RoleKind | undefined) => papel === 'regional' || papel === 'energy_efficiency';

const initialValues = (record?: UserRow): Values => ({
  id: record?.id,
  name: record?.name ?? '',
  email: record?.email ?? '',
  id_empresa: record?.id_empresa ? String(record.id_empresa) : '',
  id_grupo: record ? String(record.id_grupo) : '',
  id_perfil: record ? String(record.id_perfil) : '',
  id_status: record?.id_status ?? true,
  telefone: record?.telefone ? formatPhone(record.telefone) : '',
  cnpj: record?.cnpj ? formatCpfOrCnpj(record.cnpj) : '',
  regionais: (record?.regionais ?? []).map(String),
});

const FLOW_GROUPS = [
  { fluxo: 'energia', label: 'Energia' },
  { fluxo: 'agua', label: 'Água' },
];

/** The companies of each flow the administrator may place users in (issue 30), and the user's own. */
const companyOptions = (
  options: UserOptions | undefined,
  me: SessionUser,
  current: number | null | undefined,
) =>
  FLOW_GROUPS.map(({ fluxo, label }) => ({
    group: label,
    items: (options?.empresas ?? [])
      .filter((e) => e.fluxo === fluxo && (mayAdministerSide(me, e.lado) || e.id === current))
      .map((e) => ({
        value: String(e.id),
        label: e.status ? e.razao_social : `${e.razao_social} (inativa)`,
      })),
  })).filter((group) => group.items.length > 0);

/**
 * 'Gerenciar Usuário' (spec part 2 §2.5, §5 user form). It has no password field: a new user
 * gets an e-mail to create theirs, an existing one the reset e-mail from the list (GUIDE §7).
 * What the server would refuse (admin-grants.ts) is locked here with the same reason.
 */
export function UserFormModal({ record, onClose }: Props) {
  const me = useSessionUser();
  const options = useUserOptions();
  const papelOf = (idGrupo: string) => options.data?.grupos.find((g) => String(g.id) === idGrupo)?.papel;

  // The regionals saved mirror the server (regionaisForRole): none for other role kinds.
  const regionalsToSave = (values: Values): number[] => {
    const papel = papelOf(values.id_grupo);
    if (!papel || !usesRegionals(papel)) return [];
    const verdict = regionaisForRole(papel, values.regionais.map(Number));
    return verdict.ok ? verdict.regionais : [];
  };

  const { form, onSubmit, pending, problem } = useRecordForm<Values>({
    resource: usersResource,
    mode: record ? 'edit' : 'add',
    initialValues: initialValues(record),
    schema: userSaveBody,
    toBody: (values) => ({ ...values, regionais: regionalsToSave(values) }),
    rules: (values) => {
      const papel = papelOf(values.id_grupo);
      const verdict = papel ? regionaisForRole(papel, values.regionais.map(Number)) : { ok: true as const };
      return verdict.ok ? {} : { regionais: verdict.msg };
    },
    version: record?.version,
    onSaved: onClose,
  });

  const ownAccess = record?.id === me.id;
  // Another user's e-mail receives their password link: only profile 1 changes it (admin-grants.ts).
  const emailLocked = Boolean(record) && !ownAccess && !isAdministrator(me);
  // Only profile 1 grants profile 1, or edits a user who has it.
  const administratorLocked = !isAdministrator(me) && record?.id_perfil === PROFILE.ADMINISTRADOR;
  // Only profile 1 administers users of another role kind than their own group's.
  const otherRoleKindLocked =
    !administratorLocked && Boolean(record) && !mayAdministerRoleKind(me, record!.papel);
  // Only the cell administers users of the other side (sides.ts).
  const recordCompany = options.data?.empresas.find((e) => e.id === record?.id_empresa);
  const otherSide =
    record && recordCompany
      ? userSideProblem(me, { papel: record.papel, companySide: recordCompany.lado }, undefined)?.msg
      : undefined;
  const accessNote = ownAccess ? NO_OWN_ACCESS_CHANGE : undefined;
  const profiles = (options.data?.perfis ?? []).map((p) => ({
    value: String(p.id),
    label: p.nome,
    disabled: p.id === PROFILE.ADMINISTRADOR && !isAdministrator(me),
  }));

  const papel = papelOf(form.values.id_grupo);
  const allRegionals = papel === 'energy_efficiency';
  const loading = options.isPending ? 'Carregando…' : 'Selecione';

  return (
    <FormModal
      title="Gerenciar Usuário"
      editing={Boolean(record)}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={pending}
      problem={
        problem ??
        (administratorLocked ? ONLY_ADMIN_GRANTS_ADMIN : null) ??
        (otherRoleKindLocked ? ONLY_ADMIN_OTHER_ROLE_KIND : null) ??
        otherSide ??
        (options.isError ? options.error.message : null)
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Nome"
          required
          data-autofocus
          {...charCounter(form.values.name, FIELD_MAX.name)}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="E-mail"
          type="email"
          required
          disabled={emailLocked}
          {...form.getInputProps('email')}
        />
        <PhoneInput {...form.getInputProps('telefone')} />
        <TextInput
          label="CPF/CNPJ"
          inputMode="numeric"
          {...form.getInputProps('cnpj')}
          onChange={(event) => form.setFieldValue('cnpj', formatCpfOrCnpj(event.currentTarget.value))}
        />
        <Select
          label="Empresa"
          required
          searchable
          placeholder={loading}
          nothingFoundMessage="Nenhuma empresa encontrada"
          data={companyOptions(options.data, me, record?.id_empresa)}
          disabled={ownAccess}
          description={accessNote}
          {...form.getInputProps('id_empresa')}
        />
        <Select
          label="Grupo de Acesso"
          required
          searchable
          placeholder={loading}
          nothingFoundMessage="Nenhum grupo encontrado"
          disabled={ownAccess}
          description={accessNote}
          data={(options.data?.grupos ?? []).map((g) => ({
            value: String(g.id),
            label: `${g.nome} (${g.id})`,
            disabled: !mayAdministerRoleKind(me, g.papel) || !mayAdministerSide(me, sideOfRoleKind(g.papel)),
          }))}
          {...form.getInputProps('id_grupo')}
        />
        <Select
          label="Perfil"
          required
          placeholder={loading}
          data={profiles}
          disabled={ownAccess}
          description={accessNote}
          {...form.getInputProps('id_perfil')}
        />
      </SimpleGrid>
      {!record && (
        <Text size="sm" c="dimmed">
          O usuário recebe um e-mail para criar a própria senha.
        </Text>
      )}
      {usesRegionals(papel) && (
        <Checkbox.Group
          label="Regionais"
          required={!allRegionals}
          description={allRegionals ? 'Energy Efficiency atende todas as regionais.' : undefined}
          {...form.getInputProps('regionais')}
          value={
            allRegionals ? (options.data?.regionais ?? []).map((r) => String(r.id)) : form.values.regionais
          }
        >
          <Group gap="md" mt="xs">
            {(options.data?.regionais ?? []).map((r) => (
              <Checkbox key={r.id} value={String(r.id)} label={r.regional} disabled={allRegionals} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      <Switch label="Ativo" {...form.getInputProps('id_status', { type: 'checkbox' })} />
    </FormModal>
  );
}
