import {
  ComboboxChevron,
  InputBase,
  Pill,
  PillsInput,
  type ComboboxData,
  type MultiSelectProps,
  type SelectProps,
} from '@mantine/core';
import { useEffect, useReducer, useRef, useState, type ComponentType, type Ref } from 'react';

/*
 * Mantine's Select and MultiSelect, fetched when a person first reaches one (pointer or keyboard),
 * not with every page that shows one: the combobox, its popover and floating-ui's positioning are
 * some 30 KB gzip that a list or a form would otherwise load before its first row (issue 31).
 * Until then the field is drawn as Mantine draws it closed: label, chosen value, chevron, error.
 */

const loadSelects = () => import('./mantineSelects.ts');

type Selects = Awaited<ReturnType<typeof loadSelects>>;

/** The label of each chosen value, as the closed select shows it. */
function labelsOf(data: ComboboxData | undefined, values: string[]): string[] {
  const labels = new Map<string, string>();
  const add = (item: string | { value: string; label?: string }) =>
    typeof item === 'string' ? labels.set(item, item) : labels.set(item.value, item.label ?? item.value);
  for (const item of data ?? []) {
    if (typeof item !== 'string' && 'items' in item) item.items.forEach(add);
    else add(item);
  }
  return values.map((value) => labels.get(value) ?? value);
}

/** What a person did to the field before its code arrived, to carry over to the real one. */
const REACHED = ['hovered', 'focused', 'opened'] as const;
type Reached = (typeof REACHED)[number];

type Loadable<Props> = ComponentType<Props & { ref?: Ref<HTMLInputElement> }>;

/**
 * The closed field, then the real component once loaded: it takes the focus the stand-in had, and
 * opens if the stand-in was clicked or a key asked it to (with a click, as a person would: the
 * select then names its list for assistive technology as when opened by hand).
 */
function useLoadedOnReach<Props>(pick: (module: Selects) => Loadable<Props>) {
  const [Loaded, setLoaded] = useState<Loadable<Props>>();
  const reached = useRef<Reached>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const [, rerender] = useReducer((renders: number) => renders + 1, 0);
  const reach = (how: Reached) => {
    if (!reached.current || REACHED.indexOf(how) > REACHED.indexOf(reached.current)) reached.current = how;
    void loadSelects().then((module) => setLoaded(() => pick(module)));
  };
  useEffect(() => {
    if (!Loaded || !input.current) return;
    if (reached.current !== 'hovered') input.current.focus();
    if (reached.current !== 'opened') return;
    // Opened by a click, as by hand. Mantine's combobox learns its list's id once the list is
    // first shown, and names it (aria-controls) on its next render: one more render, after that.
    const field = input.current;
    requestAnimationFrame(() => {
      field.click();
      requestAnimationFrame(rerender);
    });
  }, [Loaded]);
  const standInEvents = {
    onPointerEnter: () => reach('hovered'),
    onFocus: () => reach('focused'),
    onPointerDown: () => reach('opened'),
    onClick: () => reach('opened'),
    onKeyDown: (event: { key: string }) => {
      if (event.key !== 'Tab' && event.key !== 'Shift') reach('opened');
    },
  };
  return { Loaded, standInEvents, input };
}

/** What a stand-in draws of a select's props; the rest only the real select uses. */
const STAND_IN_PROPS = [
  'id',
  'label',
  'description',
  'error',
  'required',
  'withAsterisk',
  'disabled',
  'placeholder',
  'size',
  'w',
  'maw',
  'miw',
  'flex',
  'className',
  'style',
  'leftSection',
  'aria-label',
] as const satisfies (keyof SelectProps & keyof MultiSelectProps)[];

type StandInProps = Pick<SelectProps, (typeof STAND_IN_PROPS)[number]>;

const standInProps = (props: StandInProps) =>
  Object.fromEntries(STAND_IN_PROPS.map((key) => [key, props[key]])) as StandInProps;

function StandIn({ shown, events, ...field }: StandInProps & { shown: string; events: object }) {
  return (
    <InputBase
      {...field}
      {...events}
      readOnly
      pointer
      value={shown}
      placeholder={shown ? undefined : field.placeholder}
      rightSection={<ComboboxChevron size={field.size} error={field.error} />}
      rightSectionPointerEvents="none"
    />
  );
}

export function Select(props: SelectProps) {
  const { Loaded, standInEvents, input } = useLoadedOnReach<SelectProps>((module) => module.Select);
  if (Loaded) return <Loaded {...props} ref={input} />;
  const chosen = props.value ?? props.defaultValue;
  const shown = chosen ? labelsOf(props.data, [chosen])[0]! : '';
  return <StandIn {...standInProps(props)} shown={shown} events={standInEvents} />;
}

export function MultiSelect(props: MultiSelectProps) {
  const { Loaded, standInEvents, input } = useLoadedOnReach<MultiSelectProps>((module) => module.MultiSelect);
  if (Loaded) return <Loaded {...props} ref={input} />;
  const { id, placeholder, ...field } = standInProps(props);
  const chosen = labelsOf(props.data, props.value ?? props.defaultValue ?? []);
  // As the real one draws its choices: a pill each, before the field.
  return (
    <PillsInput
      {...field}
      pointer
      onPointerDown={standInEvents.onPointerDown}
      rightSection={<ComboboxChevron size={field.size} error={field.error} />}
      rightSectionPointerEvents="none"
    >
      <Pill.Group>
        {chosen.map((label) => (
          <Pill key={label}>{label}</Pill>
        ))}
        <PillsInput.Field
          id={id}
          readOnly
          placeholder={chosen.length ? undefined : placeholder}
          {...standInEvents}
        />
      </Pill.Group>
    </PillsInput>
  );
}
