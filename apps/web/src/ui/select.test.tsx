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
    expect(field.getAttribute('aria-haspopup')).toBeNull();
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
    fireEvent.focus(screen.getByLabelText('UF'));
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('aria-haspopup')).toBe('listbox'));
    expect(screen.queryByRole('listbox')).toBeNull();
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
