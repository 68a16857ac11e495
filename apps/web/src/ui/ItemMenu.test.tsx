import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWeb } from '../test/render.tsx';
import { ItemMenu } from './ItemMenu.tsx';

describe('a menu whose code loads on first use (issue 31)', () => {
  it('the first click opens it once its code is here; a choice runs and closes it', async () => {
    const picked = vi.fn();
    renderWeb(
      <ItemMenu
        position="bottom-end"
        button={<Button>Exportar</Button>}
        items={[
          { key: 'xlsx', label: 'Excel (.xlsx)', onClick: () => picked('xlsx') },
          { key: 'csv', label: 'CSV (separado por ;)', onClick: () => picked('csv') },
        ]}
      />,
    );
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV (separado por ;)' }));
    expect(picked).toHaveBeenCalledExactlyOnceWith('csv');
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('closed with Escape after its first open, it gives the focus back to its button (review of issue 31)', async () => {
    renderWeb(
      <ItemMenu
        position="bottom-end"
        button={<Button>Exportar</Button>}
        items={[{ key: 'csv', label: 'CSV (separado por ;)', onClick: () => {} }]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    const item = await screen.findByRole('menuitem', { name: 'CSV (separado por ;)' });
    fireEvent.keyDown(item, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Exportar' })),
    );
  });
});
