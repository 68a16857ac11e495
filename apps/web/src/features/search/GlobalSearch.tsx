import { Badge, Loader, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { SEARCH_HINT, SEARCH_MIN_LENGTH, searchTextProblem } from '@portal/domain';
import type { SearchGroup } from '@portal/domain/contracts/search';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSearch } from './useSearch.ts';
import classes from './GlobalSearch.module.css';

const DEBOUNCE_MS = 250;
/** Ctrl+K (⌘K on a Mac) focuses the box from anywhere, as in most service desks. */
const isShortcut = (event: globalThis.KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

/**
 * The top bar's search (issue 34): one box over every request form and regularization list the
 * user may open, answered grouped by form, each record with its status and a link to it. The hint
 * under the box says what it searches; a text the server would refuse (only punctuation, over 100
 * characters) is refused here with the same message (the domain's searchTextProblem) and not sent.
 */
export function GlobalSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const problem = searchTextProblem(text);
  const sendable = !searchTextProblem(typed) && typed.length >= SEARCH_MIN_LENGTH;
  const search = useSearch(typed, sendable);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const navigate = useNavigate();
  // A phone has no Ctrl+K, and the box there is too narrow to give the hint its width.
  const phone = useMediaQuery('(max-width: 48em)');

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const groups: SearchGroup[] = sendable && search.data?.q === typed ? search.data.grupos : [];
  const links = groups.flatMap((g) => g.itens.map((i) => i.link));
  // Each hit's place in the keyboard's order (↑ ↓), group after group.
  const offsets = groups.map((_, g) => groups.slice(0, g).reduce((n, group) => n + group.itens.length, 0));
  const current = active < links.length ? active : -1;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (link: string) => {
    close();
    setText('');
    inputRef.current?.blur();
    void navigate(link);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      close();
      inputRef.current?.blur();
    } else if (event.key === 'ArrowDown' && links.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i < links.length - 1 ? i + 1 : 0));
    } else if (event.key === 'ArrowUp' && links.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? links.length - 1 : i - 1));
    } else if (event.key === 'Enter' && links.length) {
      event.preventDefault();
      go(links[Math.max(current, 0)]!);
    }
  };

  const waiting = sendable && (search.isFetching || search.data?.q !== typed) && !search.isError;
  return (
    <div
      ref={rootRef}
      className={classes.root}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <TextInput
        ref={inputRef}
        type="search"
        size="sm"
        aria-label="Buscar solicitações e regularizações"
        placeholder={phone ? 'Buscar' : 'Buscar (Ctrl+K)'}
        leftSection={<IconSearch size={16} />}
        rightSection={
          waiting ? <Loader size={14} /> : phone ? null : <span className={classes.kbd}>Ctrl K</span>
        }
        rightSectionWidth={phone ? undefined : 52}
        value={text}
        autoComplete="off"
        // The panel (and its hint) exist only while open: the box points to them only then.
        aria-controls={open ? panelId : undefined}
        aria-describedby={open ? `${panelId}-dica` : undefined}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        data-testid="busca-geral"
      />
      {open && (
        <div id={panelId} className={classes.panel} role="region" aria-label="Resultados da busca">
          <Text id={`${panelId}-dica`} size="xs" c="dimmed" data-testid="busca-dica">
            {SEARCH_HINT}
          </Text>
          {problem ? (
            <Text size="sm" c="red" mt="xs" role="alert" data-testid="busca-erro">
              {problem}
            </Text>
          ) : search.isError && sendable ? (
            <Text size="sm" c="red" mt="xs" role="alert" data-testid="busca-erro">
              {search.error.message}
            </Text>
          ) : sendable && !waiting && groups.length === 0 ? (
            <Text size="sm" mt="xs" role="status">
              Nenhum resultado encontrado!
            </Text>
          ) : null}
          {groups.map((group, g) => (
            <section key={group.grupo} className={classes.group} aria-label={group.titulo}>
              <Text size="sm" fw={700} mt="xs">
                {group.titulo}
              </Text>
              <ul className={classes.list}>
                {group.itens.map((hit, i) => {
                  const position = offsets[g]! + i;
                  return (
                    <li key={hit.id}>
                      <Link
                        to={hit.link}
                        className={classes.hit}
                        data-active={current === position || undefined}
                        onClick={() => {
                          close();
                          setText('');
                        }}
                        data-testid="busca-resultado"
                      >
                        <Text component="span" size="sm" fw={600} mr="xs">
                          {hit.titulo}
                        </Text>
                        <Badge variant="light" radius="sm" tt="none" size="sm">
                          {hit.status_rotulo}
                        </Badge>
                        {hit.detalhe && (
                          <Text size="xs" c="dimmed" truncate="end">
                            {hit.detalhe}
                          </Text>
                        )}
                      </Link>
                    </li>
                  );
                })}
              </ul>
              {group.mais && (
                <Link to={group.link_lista} className={classes.hit} onClick={close}>
                  <Text size="xs" c="brand">
                    Ver todos em {group.titulo}
                  </Text>
                </Link>
              )}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
