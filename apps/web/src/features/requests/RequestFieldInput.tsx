import { TextInput } from '@mantine/core';
import { Select } from '../../ui/select.tsx';
import type { UseFormReturnType } from '@mantine/form';
import {
  fieldKind,
  formatCep,
  formatCpfOrCnpj,
  formFieldLabel,
  type RequestField,
  type RequestForm,
} from '@portal/domain';
import { charCounter } from '../../ui/charCounter.tsx';
import { DateField } from '../../ui/datePicker.tsx';
import { UF_OPTIONS } from '../../ui/ufOptions.ts';
import { catalogOptions, withStored, type SelectOption } from './fieldOptions.ts';
import { ReadOnlyField } from './record/ReadOnlyField.tsx';
import { RegionalSelect } from './RegionalSelect.tsx';
import type { FormValues } from './formModel.ts';
import type { ConcessionaireOption } from '@portal/domain/contracts/calls/catalogues';

export interface FieldContext {
  form: RequestForm;
  editor: UseFormReturnType<FormValues>;
  cities: string[];
  citiesLoading: boolean;
  concessionaires: ConcessionaireOption[];
  regionals: SelectOption[];
  onUfChange: (uf: string) => void;
  onCepBlur: (cep: string) => void;
  cepNotice: string | null;
  onTaxIdBlur: () => void;
  onDuplicateCheck: (field: 'unidade' | 'endereco_id') => void;
  /** After a 409: the fields someone else changed meanwhile, with the value stored now (shown under the input). */
  changedMeanwhile?: Partial<Record<RequestField, string>>;
}

interface Props {
  field: RequestField;
  editable: boolean;
  required: boolean;
  ctx: FieldContext;
  /** The input's id when the field appears a second time (the action modal); fieldInputId otherwise. */
  inputId?: string;
}

/** The DOM id of a field's input, so a refused save can put the focus on it. */
export const fieldInputId = (name: string) => `campo-${name}`;

/** The action modal's inputs get their own ids: the same field is also in the form behind it. */
export const modalInputId = (field: string) => `acao-${field}`;

/** How a stored value reads as text: the option's label for codes, dd/mm/aaaa for dates. */
export function displayValue(field: RequestField, value: string, ctx: FieldContext): string {
  if (!value) return '';
  const kind = fieldKind(field);
  const labelOf = (options: SelectOption[]) => options.find((o) => o.value === value)?.label ?? value;
  switch (kind.kind) {
    case 'uf':
      return labelOf(UF_OPTIONS);
    case 'regional':
      return labelOf(ctx.regionals);
    case 'concessionaire':
      return labelOf(ctx.concessionaires.map((c) => ({ value: String(c.id), label: c.nome })));
    case 'code':
    case 'stringCode':
      return labelOf(catalogOptions(ctx.form, kind, value));
    case 'date':
      return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10).split('-').reverse().join('/') : value;
    default:
      return value;
  }
}

/** One input of 'Dados da Solicitação', chosen by what the field holds (its kind, in the domain). */
export function RequestFieldInput({ field, editable, required, ctx, inputId }: Props) {
  const { form, editor } = ctx;
  const value = editor.values[field];
  const label = formFieldLabel(form, field);
  // What this user may not change reads as text, not as a faint disabled input (issue 15).
  if (!editable) return <ReadOnlyField field={field} label={label} value={displayValue(field, value, ctx)} />;

  const theirs = ctx.changedMeanwhile?.[field];
  const common = {
    id: inputId ?? fieldInputId(field),
    label,
    required,
    ...editor.getInputProps(field),
    ...(theirs !== undefined
      ? {
          description: `Alterado por outra pessoa enquanto você editava; valor atual: ${theirs || '(vazio)'}`,
        }
      : {}),
  };
  // Mantine reads '' as a chosen value (it would offer to clear it); nothing chosen is null.
  const selected = { value: value || null };

  const kind = fieldKind(field);
  switch (kind.kind) {
    case 'uf':
      return (
        <Select
          {...common}
          {...selected}
          data={UF_OPTIONS}
          searchable
          placeholder="Selecione"
          onChange={(uf) => ctx.onUfChange(uf ?? '')}
        />
      );
    case 'city':
      return (
        <Select
          {...common}
          {...selected}
          data={withStored(
            ctx.cities.map((c) => ({ value: c, label: c })),
            value,
          )}
          searchable
          placeholder={editor.values.uf ? (ctx.citiesLoading ? 'Carregando…' : 'Selecione') : 'Escolha a UF'}
          nothingFoundMessage="Nenhuma cidade encontrada"
          onChange={(city) => editor.setFieldValue(field, city ?? '')}
        />
      );
    case 'regional':
      return <RegionalSelect common={common} value={value} editor={editor} options={ctx.regionals} />;
    case 'concessionaire':
      return (
        <Select
          {...common}
          {...selected}
          data={withStored(
            ctx.concessionaires.map((c) => ({ value: String(c.id), label: c.nome })),
            value,
          )}
          searchable
          placeholder="Selecione"
          onChange={(id) => editor.setFieldValue(field, id ?? '')}
        />
      );
    case 'cep':
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          placeholder="00000-000"
          description={ctx.cepNotice ?? common.description}
          onChange={(event) => editor.setFieldValue(field, formatCep(event.currentTarget.value))}
          onBlur={() => ctx.onCepBlur(editor.values[field])}
        />
      );
    case 'taxId':
      return (
        <TextInput
          {...common}
          placeholder="CPF ou CNPJ"
          maxLength={18}
          onChange={(event) => editor.setFieldValue(field, formatCpfOrCnpj(event.currentTarget.value))}
          onBlur={ctx.onTaxIdBlur}
        />
      );
    case 'code':
    case 'stringCode':
      return (
        <Select
          {...common}
          {...selected}
          data={catalogOptions(form, kind, value)}
          placeholder="Selecione"
          clearable={!required}
          onChange={(code) => editor.setFieldValue(field, code ?? '')}
        />
      );
    case 'date':
      // dd/mm/aaaa on the portal's calendar whatever the browser's language (issue 15 item 7);
      // the picker hands back yyyy-mm-dd, the value the server has always received.
      return (
        <DateField
          {...common}
          clearable={!required}
          value={value || null}
          onChange={(date) => editor.setFieldValue(field, date ?? '')}
        />
      );
    case 'smallint':
      return <TextInput {...common} inputMode="numeric" />;
    case 'text': {
      // Leaving Unidade or Endereço ID checks for duplicates (spec part 1 §5).
      const duplicateKey = field === 'unidade' || field === 'endereco_id' ? field : null;
      // No maxLength: the browser would cut a paste silently; the counter shows the excess and the
      // schema (the server's) refuses it (issue 15 item 7).
      return (
        <TextInput
          {...common}
          {...charCounter(value, kind.max, common.description)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          onBlur={duplicateKey ? () => ctx.onDuplicateCheck(duplicateKey) : undefined}
        />
      );
    }
  }
}
