import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import {
  companySaveBody,
  FIELD_MAX,
  formatCep,
  formatCnpj,
  NO_OWN_COMPANY_REMOVAL,
  type Flow,
} from '@portal/domain';
import { useSessionUser } from '../../../app/session/useSession.ts';
import { FLOW_LABELS } from '../shared/flows.ts';
import { FormModal } from '../shared/FormModal.tsx';
import { PhoneInput } from '../shared/PhoneInput.tsx';
import { useRecordForm } from '../shared/useRecordForm.ts';
import { companiesResource, type CompanyRow } from './api.ts';
import { charCounter } from '../../../ui/charCounter.tsx';

interface Props {
  fluxo: Flow;
  record?: CompanyRow;
  onClose: () => void;
}

interface Values {
  id?: number;
  razao_social: string;
  cnpj: string;
  cidade: string;
  cep: string;
  email: string;
  telefone: string;
  status: boolean;
}

const initialValues = (record?: CompanyRow): Values => ({
  id: record?.id,
  razao_social: record?.razao_social ?? '',
  cnpj: record ? formatCnpj(record.cnpj) : '',
  cidade: record?.cidade ?? '',
  cep: record?.cep ? formatCep(record.cep) : '',
  email: record?.email ?? '',
  telefone: record?.telefone ?? '',
  status: record?.status ?? true,
});

/** The company form (spec part 2 §3 Company, §5: every field required here). */
export function CompanyFormModal({ fluxo, record, onClose }: Props) {
  // One's own company is never deactivated by oneself (companyRemovalProblem on the server).
  const me = useSessionUser();
  const ownCompany = record !== undefined && record.id === me.empresa;
  const { form, onSubmit, pending, problem } = useRecordForm<Values>({
    resource: companiesResource[fluxo],
    mode: record ? 'edit' : 'add',
    initialValues: initialValues(record),
    schema: companySaveBody,
    toBody: (values) => values,
    version: record?.version,
    onSaved: onClose,
  });

  return (
    <FormModal
      title={`Empresa Habilitada · ${FLOW_LABELS[fluxo]}`}
      editing={Boolean(record)}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={pending}
      problem={problem}
    >
      <TextInput
        label="Razão Social"
        required
        data-autofocus
        {...charCounter(form.values.razao_social, FIELD_MAX.razao_social)}
        {...form.getInputProps('razao_social')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="CNPJ"
          required
          placeholder="00.000.000/0000-00"
          description="Numérico ou alfanumérico"
          {...form.getInputProps('cnpj')}
          onChange={(event) => form.setFieldValue('cnpj', formatCnpj(event.currentTarget.value))}
        />
        <TextInput
          label="Cidade"
          required
          {...charCounter(form.values.cidade, FIELD_MAX.cidade)}
          {...form.getInputProps('cidade')}
        />
        <TextInput
          label="CEP"
          required
          inputMode="numeric"
          placeholder="00000-000"
          {...form.getInputProps('cep')}
          onChange={(event) => form.setFieldValue('cep', formatCep(event.currentTarget.value))}
        />
        <PhoneInput required {...form.getInputProps('telefone')} />
      </SimpleGrid>
      <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
      <Switch
        label="Ativa"
        disabled={ownCompany && form.values.status}
        description={ownCompany ? NO_OWN_COMPANY_REMOVAL : undefined}
        {...form.getInputProps('status', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
