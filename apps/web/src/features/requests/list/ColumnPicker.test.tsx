import { DEFAULT_REQUEST_LIST_COLUMNS, requestForm, type RequestListColumn } from '@portal/domain';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWeb } from '../../../test/render.tsx';
import { ColumnPicker } from './ColumnPicker.tsx';

const form = requestForm('energia', 'troca');

/** The picker over a list state it changes, as the list page holds it. */
function Harness({
  initial,
  onChange,
}: {
  initial: RequestListColumn[];
  onChange: (c: RequestListColumn[]) => void;
}) {
  const [shown, setShown] = useState(initial);
  return (
    <ColumnPicker
      form={form}
      shown={shown}
      onChange={(next) => {
        setShown(next);
        onChange(next);
      }}
    />
  );
}

async function open(initial: RequestListColumn[] = [...DEFAULT_REQUEST_LIST_COLUMNS]) {
  const onChange = vi.fn();
  renderWeb(<Harness initial={initial} onChange={onChange} />);
  fireEvent.click(screen.getByRole('button', { name: 'Colunas' }));
  await screen.findByRole('checkbox', { name: 'Status' });
  return onChange;
}

describe('the column picker (issue 34 step 5)', () => {
  it('lists every column by its pt-BR name, the form’s own date column included, checked as shown', async () => {
    await open();
    const status = screen.getByRole('checkbox', { name: 'Status' }) as HTMLInputElement;
    expect(status.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Empresa' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('checkbox', { name: form.dateColumn })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Última atualização' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Nº' })).toBeNull();
  });

  it('checking a column adds it in the list’s order; unchecking removes it', async () => {
    const onChange = await open(['status', 'unidade']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Site ID' }));
    expect(onChange).toHaveBeenLastCalledWith(['status', 'unidade', 'site_id']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Status' }));
    expect(onChange).toHaveBeenLastCalledWith(['unidade', 'site_id']);
  });

  it('the last column shown cannot be unchecked', async () => {
    const onChange = await open(['unidade']);
    const only = screen.getByRole('checkbox', { name: 'Unidade' }) as HTMLInputElement;
    expect(only.disabled).toBe(true);
    fireEvent.click(only);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('"Restaurar colunas padrão" brings back the default columns', async () => {
    const onChange = await open(['unidade']);
    fireEvent.click(screen.getByRole('button', { name: 'Restaurar colunas padrão' }));
    expect(onChange).toHaveBeenLastCalledWith([...DEFAULT_REQUEST_LIST_COLUMNS]);
  });

  it('works from the keyboard: the focus goes into the panel, and Escape gives it back to the button', async () => {
    await open();
    await vi.waitFor(() => expect(document.activeElement?.closest('[role="dialog"]')).toBeTruthy());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Status' })).toBeNull());
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Colunas' })),
    );
  });
});
