// The code `ui/select.tsx` fetches when a person first reaches a select.
export { MultiSelect, Select } from '@mantine/core';
