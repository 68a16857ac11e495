import type { SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { Select } from '../../ui/select.tsx';
import { withStored, type SelectOption } from './fieldOptions.ts';
import type { FormValues } from './formModel.ts';

interface Props {
  /** The input's id, label, required mark and the form's value and error (getInputProps). */
  common: SelectProps & { id: string };
  value: string;
  editor: UseFormReturnType<FormValues>;
  /** What the user may choose for the UF (useLocality's regionalOptions). */
  options: SelectOption[];
}

/**
 * The request form's Regional: only the regionals the server accepts from this user for the UF
 * (useLocality's regionalOptions, issue 34), chosen already when there is exactly one.
 */
export function RegionalSelect({ common, value, editor, options: regionals }: Props) {
  const only = value === '' && regionals.length === 1 ? regionals[0]!.value : undefined;
  useEffect(() => {
    if (only) editor.setFieldValue('regional', only);
    // Only the one choice matters; the form object changes on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [only]);
  const placeholder = regionals.length
    ? 'Selecione'
    : editor.values.uf
      ? 'Nenhuma regional atende esta UF'
      : 'Escolha a UF';
  return (
    <Select
      {...common}
      value={value || null}
      data={withStored(regionals, value)}
      placeholder={placeholder}
      // A click on the chosen one keeps it: the field is required, and it may have been chosen for the user.
      allowDeselect={false}
      onChange={(id) => editor.setFieldValue('regional', id ?? '')}
    />
  );
}
