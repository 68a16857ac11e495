import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWeb } from '../test/render.tsx';
import { MultiSelect, Select } from './select.tsx';

const UFS = [
  { value: 'SP', label: 'São Paulo' },
  { group: 'Sudeste', items: [{ value: 'RJ', label: 'Rio de Janeiro' }] },
];

function ChosenUf({ initial }: { initial: string | null }) {
  const [uf, setUf] = useState(initial);
  return <Select label="UF" data={UFS} value={uf} onChange={setUf} error={uf ? undefined : 'Obrigatório'} />;
}

describe('a select whose code loads on first use (issue 31)', () => {
  it('is drawn closed before its code arrives: the chosen option’s label, the error, nothing loaded', () => {
    renderWeb(<ChosenUf initial="RJ" />);
    const field = screen.getByLabelText('UF');
    expect((field as HTMLInputElement).value).toBe('Rio de Janeiro');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.getAttribute('aria-controls')).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a click opens the real select with its options, and a choice reaches onChange', async () => {
    renderWeb(<ChosenUf initial={null} />);
    expect(screen.getByText('Obrigatório')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('UF'));
    const list = await screen.findByRole('listbox');
    fireEvent.click(within(list).getByRole('option', { name: 'São Paulo' }));
    expect((screen.getByLabelText('UF', { selector: 'input' }) as HTMLInputElement).value).toBe('São Paulo');
    expect(screen.queryByText('Obrigatório')).toBeNull();
  });

  it('reached by the keyboard, the real select takes the focus the stand-in had', async () => {
    renderWeb(<ChosenUf initial="SP" />);
    const standIn = screen.getByLabelText('UF');
    standIn.focus();
    await vi.waitFor(() => expect(document.activeElement).not.toBe(standIn));
    expect(document.activeElement).toBe(screen.getByLabelText('UF', { selector: 'input' }));
    expect(document.activeElement?.getAttribute('aria-haspopup')).toBe('listbox');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a person who moved on before the code arrived keeps the focus where they went (review of issue 31)', async () => {
    renderWeb(
      <>
        <ChosenUf initial="SP" />
        <input aria-label="Endereço" />
      </>,
    );
    const standIn = screen.getByLabelText('UF');
    standIn.focus();
    screen.getByLabelText('Endereço').focus();
    await vi.waitFor(() => expect(screen.getByLabelText('UF', { selector: 'input' })).not.toBe(standIn));
    expect(document.activeElement).toBe(screen.getByLabelText('Endereço'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Enter opens it and does not submit the form it is in; what is typed meanwhile reaches the search', async () => {
    const submitted = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWeb(
      <form onSubmit={submitted}>
        <Select label="UF" data={UFS} searchable value={null} onChange={() => {}} />
      </form>,
    );
    const standIn = screen.getByLabelText('UF');
    standIn.focus();
    expect(fireEvent.keyDown(standIn, { key: 'Enter' })).toBe(false);
    fireEvent.keyDown(standIn, { key: 'R' });
    fireEvent.keyDown(standIn, { key: 'i' });
    const list = await screen.findByRole('listbox');
    await vi.waitFor(() =>
      expect((screen.getByLabelText('UF', { selector: 'input' }) as HTMLInputElement).value).toBe('Ri'),
    );
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rio de Janeiro']);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('a multiple select shows every chosen label as a pill while closed, and opens on a click', async () => {
    const { container } = renderWeb(
      <MultiSelect label="UFs" data={UFS} value={['SP', 'RJ']} onChange={() => {}} />,
    );
    const pills = () => [...container.querySelectorAll('.mantine-Pill-label')].map((p) => p.textContent);
    expect(pills()).toEqual(['São Paulo', 'Rio de Janeiro']);
    fireEvent.click(screen.getByLabelText('UFs'));
    await screen.findByRole('listbox');
    expect(pills()).toEqual(['São Paulo', 'Rio de Janeiro']);
  });
});
