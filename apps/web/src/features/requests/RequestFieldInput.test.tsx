import { useForm, type UseFormReturnType } from '@mantine/form';
import type { RequestField } from '@portal/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { idleFieldContext, policyCase, recordOf, userOf } from '../../test/fixtures.ts';
import { renderWeb } from '../../test/render.tsx';
import type { RequestRecord } from './api.ts';
import { initialValues, savePayload, type FormValues } from './formModel.ts';
import { RequestFieldInput } from './RequestFieldInput.tsx';

// The cell deciding an energy new unit at 4: both request dates are its to fill.
const { form, policy } = policyCase('energia', 'nova', userOf('celula'), 4);

/** One date field as the editor mounts it, handing the real form out so the test reads what a save sends. */
function DateField({
  field,
  record,
  required = false,
  onEditor,
}: {
  field: RequestField;
  record: RequestRecord;
  required?: boolean;
  onEditor: (editor: UseFormReturnType<FormValues>) => void;
}) {
  const editor = useForm<FormValues>({ initialValues: initialValues(record) });
  onEditor(editor);
  return (
    <RequestFieldInput field={field} editable required={required} ctx={idleFieldContext(form, editor)} />
  );
}

function show(field: RequestField, record: RequestRecord, required = false) {
  let editor: UseFormReturnType<FormValues> | undefined;
  renderWeb(<DateField field={field} record={record} required={required} onEditor={(e) => (editor = e)} />);
  /** The body a save would send for this record now. */
  const sent = () => savePayload(policy, editor!.values, record, 4, false);
  return { sent };
}

/** The picker's control, found by its label as a user finds it (Mantine appends ' *' when required). */
const control = (label: string) =>
  screen
    .getAllByLabelText((text) => text.replace(/\s*\*$/, '') === label)
    .find((el) => el.tagName === 'BUTTON')!;

describe('RequestFieldInput: request dates on a pt-BR calendar (issue 15 item 7)', () => {
  it('a stored date reads dd/mm/aaaa and is sent back unchanged as yyyy-mm-dd', () => {
    const record = recordOf('energia', 'nova', { status: 4, data_ligacao: '2026-12-05' });
    const { sent } = show('data_ligacao', record);
    expect(control('Data de Ligação').textContent).toBe('05/12/2026');
    expect(sent().data_ligacao).toBe('2026-12-05');
  });

  it('an empty date shows the Brazilian placeholder, not the browser-language mm/dd/yyyy', () => {
    show('data_ativacao', recordOf('energia', 'nova', { status: 4 }));
    const button = control('Previsão de Ativação');
    expect(button.textContent).toBe('dd/mm/aaaa');
    expect(document.querySelector('input[type="date"]')).toBeNull();
  });

  it('picking a day on the calendar (Portuguese month names) sends that day as yyyy-mm-dd', async () => {
    const record = recordOf('energia', 'nova', { status: 4, data_ativacao: '2026-12-05' });
    const { sent } = show('data_ativacao', record);
    fireEvent.click(control('Previsão de Ativação'));
    // The calendar's code is fetched on the first click; it opens once it has arrived.
    expect(await screen.findByText('dezembro 2026', {}, { timeout: 5_000 })).toBeTruthy();
    // The paging buttons are named, in Portuguese.
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    fireEvent.click(screen.getByRole('button', { name: '4 janeiro 2027' }));
    expect(control('Previsão de Ativação').textContent).toBe('04/01/2027');
    expect(sent().data_ativacao).toBe('2027-01-04');
  });

  it('an optional date can be cleared ("Limpar"), which sends it empty', () => {
    const record = recordOf('energia', 'nova', { status: 4, data_ligacao: '2026-12-05' });
    const { sent } = show('data_ligacao', record);
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(control('Data de Ligação').textContent).toBe('dd/mm/aaaa');
    expect(sent().data_ligacao).toBe('');
  });

  it('a required date offers no clearing and is marked required', () => {
    const record = recordOf('energia', 'nova', { status: 4, data_ligacao: '2026-12-05' });
    show('data_ligacao', record, true);
    expect(screen.queryByRole('button', { name: 'Limpar' })).toBeNull();
    expect(screen.getByText('Data de Ligação').closest('label')?.textContent).toMatch(/\*$/);
  });
});
