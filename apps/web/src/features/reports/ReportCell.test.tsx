import { screen } from '@testing-library/react';
import type { ReportColumn } from '@portal/domain/reports';
import { describe, expect, it } from 'vitest';
import { renderWeb } from '../../test/render.tsx';
import { ReportCell } from './ReportCell.tsx';

const invoice: ReportColumn = { key: 'urlFatura', header: 'Fatura (endereço)', kind: 'url' };
const show = (value: string) =>
  renderWeb(<ReportCell column={invoice} value={value} onViewFile={() => {}} />);

describe('a url cell of a report (links built from data are http(s) only)', () => {
  it('is a link when the address is http(s)', () => {
    show('https://faturas.exemplo.com.br/1.pdf');
    expect(screen.getByRole('link').getAttribute('href')).toBe('https://faturas.exemplo.com.br/1.pdf');
  });

  it.each(['javascript:alert(1)', 'java\tscript:alert(1)', 'vbscript:msgbox(1)'])(
    'shows %j as text, never as a link',
    (value) => {
      const { container } = show(value);
      expect(screen.queryByRole('link')).toBeNull();
      expect(container.textContent).toContain(value);
    },
  );
});
