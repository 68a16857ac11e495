import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { changesAccess } from '../../src/db/access-changes.ts';
import { empresas, grupos, sessoes, solicitacoes, usuarioRegionais, usuarios } from '../../src/db/schema.ts';
import { SessionCache, type CachedSession } from '../../src/auth/session-cache.ts';

/** The SQL Drizzle sends for a query builder, without a connection. */
const db = drizzle.mock();
const text = (query: { toSQL(): { sql: string } }) => query.toSQL().sql;

describe("a statement changes access exactly when migration 0014's triggers say so", () => {
  it('writes to users, groups, companies and regionals do', () => {
    for (const statement of [
      text(db.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, 1))),
      text(db.delete(usuarios).where(eq(usuarios.id, 1))),
      text(db.update(grupos).set({ cadastro: false }).where(eq(grupos.id, 1))),
      text(db.update(empresas).set({ status: false }).where(eq(empresas.id, 1))),
      text(db.delete(usuarioRegionais).where(eq(usuarioRegionais.idUsuario, 1))),
      text(db.insert(usuarioRegionais).values({ idUsuario: 1, idRegional: 2 })),
      'truncate solicitacoes, usuarios restart identity cascade',
      'with x as (update usuarios set ativo = false returning id) select * from x',
      'merge into "grupos" g using novos n on g.id = n.id when matched then update set nome = n.nome',
    ]) {
      expect(changesAccess(statement), statement).toBe(true);
    }
  });

  it('revoking a session does; a new session and its last-seen time alone do not', () => {
    const revoke = db
      .update(sessoes)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessoes.id, 1));
    const both = db
      .update(sessoes)
      .set({ lastSeenAt: sql`now()`, revokedAt: sql`now()` })
      .where(eq(sessoes.id, 1));
    expect(changesAccess(text(revoke))).toBe(true);
    expect(changesAccess(text(both))).toBe(true);
    expect(changesAccess(text(db.delete(sessoes).where(eq(sessoes.id, 1))))).toBe(true);
    const touch = db
      .update(sessoes)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessoes.id, 1));
    const setBack = db
      .update(sessoes)
      .set({ lastSeenAt: sql`now() - make_interval(secs => ${30})` })
      .where(eq(sessoes.id, 1));
    expect(changesAccess(text(touch)), text(touch)).toBe(false);
    expect(changesAccess(text(setBack)), text(setBack)).toBe(false);
    expect(changesAccess(text(db.insert(sessoes).values({ idUsuario: 1, tokenHash: 'x' })))).toBe(false);
  });

  it('reads and writes of other tables do not', () => {
    expect(changesAccess(text(db.select().from(usuarios).where(eq(usuarios.id, 1))))).toBe(false);
    expect(
      changesAccess(text(db.update(solicitacoes).set({ status: 2 }).where(eq(solicitacoes.id, 1)))),
    ).toBe(false);
    expect(changesAccess('select * from fila_tarefas for update skip locked')).toBe(false);
    expect(changesAccess('begin')).toBe(false);
  });
});

const session = (name = 'x'): CachedSession => ({
  user: { id: 1, name, regionais: [7], permissoes: { cadastro: true } } as unknown as CachedSession['user'],
  ativo: true,
  empresaAtiva: true,
  sessionId: 1,
  lastSeenAt: Date.now(),
});

describe('the session cache', () => {
  it('a read begun before an invalidation is not kept (the generation moved on)', () => {
    const cache = new SessionCache(true);
    cache.setLive(true);
    const before = cache.generation;
    cache.invalidate();
    cache.store('h', session(), before);
    expect(cache.get('h')).toBeUndefined();
    expect(cache.stats().discarded).toBe(1);
    cache.store('h', session(), cache.generation);
    expect(cache.get('h')?.user.name).toBe('x');
  });

  it('answers and keeps nothing while its change feed is down, and starts over when it is back', () => {
    const cache = new SessionCache(true);
    cache.store('h', session(), cache.generation);
    expect(cache.get('h')).toBeUndefined();
    cache.setLive(true);
    const generation = cache.generation;
    cache.store('h', session(), generation);
    expect(cache.get('h')).toBeDefined();
    cache.setLive(false);
    expect(cache.get('h')).toBeUndefined();
    const duringOutage = cache.generation;
    cache.setLive(true);
    cache.store('h', session(), duringOutage);
    expect(cache.get('h')).toBeUndefined();
  });

  it('switched off, it never answers', () => {
    const cache = new SessionCache(false);
    cache.setLive(true);
    cache.store('h', session(), cache.generation);
    expect(cache.get('h')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used, and nothing past maxAgeMs', () => {
    let now = 0;
    const cache = new SessionCache(true, { maxEntries: 2, maxAgeMs: 1000, now: () => now });
    cache.setLive(true);
    cache.store('a', session('a'), cache.generation);
    cache.store('b', session('b'), cache.generation);
    expect(cache.get('a')).toBeDefined();
    cache.store('c', session('c'), cache.generation);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    now = 1001;
    expect(cache.get('a')).toBeUndefined();
  });

  it('a kept user cannot be changed by whoever was given it', () => {
    const cache = new SessionCache(true);
    cache.setLive(true);
    cache.store('h', session(), cache.generation);
    const user = cache.get('h')!.user as unknown as { name: string; regionais: number[]; permissoes: object };
    expect(() => (user.name = 'outro')).toThrow(TypeError);
    expect(() => user.regionais.push(1)).toThrow(TypeError);
    expect(() => Object.assign(user.permissoes, { cadastro: false })).toThrow(TypeError);
    expect(cache.get('h')!.user).toMatchObject({ name: 'x', regionais: [7], permissoes: { cadastro: true } });
  });
});
