import { requestForm, type RequestListFilters } from '@portal/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWeb } from '../../../test/render.tsx';
import { ListFilters } from './ListFilters.tsx';

const form = requestForm('energia', 'nova');

beforeEach(() => {
  // The regional and concessionaire lookups answer empty: only the search box is under test.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: 0, dados: [] }), { status: 200 })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the search box's pause (350 ms) pass on a fake clock, so a loaded machine cannot race it. */
const pause = () => act(() => vi.advanceTimersByTime(1_000));

function show(filters: RequestListFilters = {}) {
  const onChange = vi.fn();
  renderWeb(<ListFilters form={form} filters={filters} onChange={onChange} />);
  const box = screen.getByRole('textbox', { name: 'Pesquisar' }) as HTMLInputElement;
  const type = (text: string) => fireEvent.change(box, { target: { value: text } });
  return { box, type, onChange };
}

describe('ListFilters: the search box counts instead of cutting (issue 15 item 7)', () => {
  it('shows a character counter and has no maxLength', () => {
    const { box, type } = show();
    expect(box.maxLength).toBe(-1);
    expect(screen.getByText('0/100 caracteres')).toBeTruthy();
    type('Lote 14');
    expect(screen.getByText('7/100 caracteres')).toBeTruthy();
  });

  it('a search within the maximum goes to the URL when typing pauses', () => {
    vi.useFakeTimers();
    const { type, onChange } = show();
    type('Lote 14');
    pause();
    expect(onChange).toHaveBeenCalledWith({ q: 'Lote 14' }, { replace: true });
  });

  it('a pasted search over the maximum is kept whole, said to be too long, and not sent', () => {
    vi.useFakeTimers();
    const { box, type, onChange } = show({ q: 'Lote 14' });
    const long = 'x'.repeat(101);
    type(long);
    expect(box.value).toBe(long);
    expect(screen.getByText('101/100 caracteres (1 além do máximo)')).toBeTruthy();
    expect(screen.getByText('A busca pode ter no máximo 100 caracteres.')).toBeTruthy();
    // The pause passes and nothing is written: the list keeps its last search.
    pause();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('ListFilters: what a short search looks at (issue 15, two characters match the start)', () => {
  it('says a two-character search looks at the start only, and nothing once it has three', () => {
    const { type } = show();
    const note = /busca só no início/;
    expect(screen.queryByText(note)).toBeNull();
    type('12');
    expect(screen.getByText(note)).toBeTruthy();
    type('123');
    expect(screen.queryByText(note)).toBeNull();
  });
});
