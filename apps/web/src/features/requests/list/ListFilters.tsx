import { SimpleGrid, TextInput } from '@mantine/core';
import { MultiSelect, Select } from '../../../ui/select.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import {
  FIELD_MAX,
  listQuery,
  REQUEST_STATUSES,
  regionalLabel,
  SEARCH_CONTAINS_MIN_LENGTH,
  SEARCH_HINT,
  SEARCH_MIN_LENGTH,
  SEARCH_PLACEHOLDER,
  UFS,
  type RequestForm,
  type RequestListFilters,
} from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { charCounter } from '../../../ui/charCounter.tsx';
import { DateField } from '../../../ui/datePicker.tsx';
import { concessionaires, regionals } from '../api.ts';
import { lookupKeys } from '../queryKeys.ts';
import { useStatusLabel } from '../useStatusLabel.ts';
import type { ListStateOptions } from './useListState.ts';

const DAY = 24 * 60 * 60 * 1000;
const SEARCH_DEBOUNCE_MS = 350;

interface Props {
  form: RequestForm;
  filters: RequestListFilters;
  onChange: (change: RequestListFilters, options?: ListStateOptions) => void;
}

const toId = (value: string | null) => (value ? Number(value) : undefined);

/**
 * The list's filters: statuses (several), regional, UF, concessionaire, period of the request and
 * the contains-search. Each reads its value from the URL state and writes it back there; the
 * server checks every one of them again and applies the session's scope whatever is chosen.
 */
/** What a search this short looks at: the start of the ids and names (the server's rule, repo.ts). */
const searchReach = (text: string) =>
  text.length >= SEARCH_MIN_LENGTH && text.length < SEARCH_CONTAINS_MIN_LENGTH
    ? `Com menos de ${SEARCH_CONTAINS_MIN_LENGTH} caracteres, busca só no início.`
    : undefined;

export function ListFilters({ form, filters, onChange }: Props) {
  const statusName = useStatusLabel();
  const regionalRows = useQuery({ queryKey: lookupKeys.regionals(), queryFn: regionals, staleTime: DAY });
  const providers = useQuery({
    queryKey: lookupKeys.concessionaires(form.flow),
    queryFn: () => concessionaires(form),
    staleTime: DAY,
  });

  // The search box answers each key at once; the URL (and the call) follow when typing pauses.
  const [search, setSearch] = useState(filters.q ?? '');
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // What the server's schema says of the box (too long, forbidden characters): shown under it, and
  // such a search is not sent, so the list stays as it was instead of answering an error.
  const searchProblem = listQuery.shape.q.safeParse(search).error?.issues[0]?.message;
  useEffect(() => {
    if (!listQuery.shape.q.safeParse(typed).success) return;
    const q = typed.length >= SEARCH_MIN_LENGTH ? typed : undefined;
    if (q !== filters.q) onChange({ q }, { replace: true });
    // Only a pause in typing writes the search; a URL change alone must not write it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  // A search the URL brings (back button, a link) shows in the box.
  const [shownQ, setShownQ] = useState(filters.q);
  if (filters.q !== shownQ) {
    setShownQ(filters.q);
    if (search.trim() !== (filters.q ?? '')) setSearch(filters.q ?? '');
  }

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
      <MultiSelect
        label="Filtrar Status"
        placeholder={filters.status?.length ? undefined : 'Todos'}
        clearable
        searchable
        data={REQUEST_STATUSES.map((code) => ({
          value: String(code),
          label: statusName(form.flow, form.kind, code),
        }))}
        value={(filters.status ?? []).map(String)}
        onChange={(values) => onChange({ status: values.length ? values.map(Number) : undefined })}
      />
      <Select
        label="Regional"
        placeholder="Todas"
        clearable
        data={(regionalRows.data ?? []).map((r) => ({
          value: String(r.id),
          label: regionalLabel(r.regional),
        }))}
        value={filters.regional === undefined ? null : String(filters.regional)}
        onChange={(value) => onChange({ regional: toId(value) })}
      />
      <Select
        label="UF"
        placeholder="Todas"
        clearable
        searchable
        data={UFS.map((u) => ({ value: u.uf, label: `${u.uf} - ${u.nome}` }))}
        value={filters.uf ?? null}
        onChange={(value) => onChange({ uf: value ?? undefined })}
      />
      <Select
        label="Concessionária"
        placeholder="Todas"
        clearable
        searchable
        data={(providers.data ?? []).map((c) => ({ value: String(c.id), label: c.nome }))}
        value={filters.concessionaria === undefined ? null : String(filters.concessionaria)}
        onChange={(value) => onChange({ concessionaria: toId(value) })}
      />
      <DateField
        label="Pedido de"
        clearable
        maxDate={filters.ate}
        value={filters.de ?? null}
        onChange={(de) => onChange({ de: de ?? undefined })}
      />
      <DateField
        label="Pedido até"
        clearable
        minDate={filters.de}
        value={filters.ate ?? null}
        onChange={(ate) => onChange({ ate: ate ?? undefined })}
      />
      <TextInput
        label="Pesquisar"
        placeholder={SEARCH_PLACEHOLDER}
        leftSection={<IconSearch size={16} />}
        // What it searches is said under the box (issue 34): the placeholder was cut at 1440 px.
        {...charCounter(search.trim(), FIELD_MAX.search, searchReach(search.trim()) ?? SEARCH_HINT)}
        error={searchProblem}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
