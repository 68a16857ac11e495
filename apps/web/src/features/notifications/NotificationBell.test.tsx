import type { NotificationRow } from '@portal/domain/contracts/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWeb } from '../../test/render.tsx';
import { NotificationBell } from './NotificationBell.tsx';

const notice = (over: Partial<NotificationRow>): NotificationRow => ({
  id: 1,
  id_solicitacao: 42,
  titulo: 'Solicitação nº 42: Recusada Regional',
  mensagem: 'UC Nova · status alterado por Renata Regional. Observação: Site ID não confere.',
  link: '/cadastro-uc-nova/nova/42',
  criada_em: '2026-11-26T13:00:00.000Z',
  lida_em: null,
  ...over,
});

/** The API as the bell sees it: two notices of mine, one unread; every POST is recorded. */
function fakeApi() {
  const posts: { path: string; body: unknown }[] = [];
  let unread = 1;
  const answer = (body: unknown) =>
    new Response(JSON.stringify({ error: 0, ...(body as object) }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace('/api/', '');
      if (init?.method === 'POST') {
        posts.push({ path, body: JSON.parse(String(init.body)) });
        if (path === 'notificacoes/lida') unread = 0;
        if (path === 'notificacoes/preferencia') return answer({ msg: 'ok', recebe_emails: false });
        return answer({ nao_lidas: unread });
      }
      if (path === 'notificacoes/nao-lidas') return answer({ nao_lidas: unread });
      return answer({
        dados: [
          notice({}),
          notice({ id: 2, titulo: 'Solicitação nº 40: Aprovada', lida_em: '2026-11-25T10:00:00.000Z' }),
        ],
        mais: false,
        nao_lidas: unread,
        recebe_emails: true,
      });
    }),
  );
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

// The machine running the suite may be busy: a render may take longer than findBy's 1 s.
const slow = { timeout: 5_000 };

describe('the bell: my unread count, my notices, my e-mail choice', () => {
  it('announces the unread count and lists the notices, the unread one marked', async () => {
    fakeApi();
    renderWeb(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notificações, 1 não lida' }, slow);
    fireEvent.click(bell);
    expect(await screen.findByText('Solicitação nº 42: Recusada Regional', {}, slow)).toBeTruthy();
    expect(screen.getByText('Solicitação nº 40: Aprovada')).toBeTruthy();
    expect(screen.getAllByText('Não lida:')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Marcar como lida' })).toHaveLength(1);
    expect((screen.getByRole('switch', { name: /Receber e-mails/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('opening a notice marks it read (its own id only)', async () => {
    const posts = fakeApi();
    renderWeb(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações, 1 não lida' }, slow));
    fireEvent.click(await screen.findByRole('button', { name: /Solicitação nº 42/ }, slow));
    await waitFor(() => expect(posts).toEqual([{ path: 'notificacoes/lida', body: { id: 1 } }]));
    await screen.findByRole('button', { name: 'Notificações, nenhuma não lida' }, slow);
  });

  it('"Marcar todas como lidas" and the e-mail switch send only what the user chose', async () => {
    const posts = fakeApi();
    renderWeb(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações, 1 não lida' }, slow));
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar todas como lidas' }));
    fireEvent.click(await screen.findByRole('switch', { name: /Receber e-mails/ }, slow));
    await waitFor(() =>
      expect(posts).toEqual([
        { path: 'notificacoes/todas-lidas', body: {} },
        { path: 'notificacoes/preferencia', body: { recebe_emails: false } },
      ]),
    );
  });
});
