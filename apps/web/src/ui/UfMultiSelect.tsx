import { type MultiSelectProps } from '@mantine/core';
import { MultiSelect } from './select.tsx';
import { UF_OPTIONS } from './ufOptions.ts';

/** The UFs a concessionaire or a regional serves: searchable, clearable, one chip per UF. */
export function UfMultiSelect(props: Omit<MultiSelectProps, 'data'>) {
  return (
    <MultiSelect
      label="UFs atendidas"
      searchable
      clearable
      nothingFoundMessage="Nenhuma UF encontrada"
      data={UF_OPTIONS}
      {...props}
    />
  );
}
