import {
  ComboboxChevron,
  InputBase,
  Pill,
  PillsInput,
  type ComboboxData,
  type MultiSelectProps,
  type SelectProps,
} from '@mantine/core';
import {
  useEffect,
  useReducer,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type Ref,
} from 'react';

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

type Loadable<Props> = ComponentType<Props & { ref?: Ref<HTMLInputElement> }>;

/** Keys that open a select, as they open Mantine's; any other but a character does nothing. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/** What a person did to the stand-in while the real select's code was on its way. */
interface Reach {
  /** How they opened it: a click, or the key they pressed; none if they only reached it. */
  openedBy?: 'click' | string;
  /** The characters typed meanwhile, for a searchable select's search. */
  typed: string;
}

/** Types `text` into a real input as the browser would, so React's onChange sees it. */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The closed field, then the real component once loaded. If the person is still on the field when
 * it arrives, the real one takes the focus and gets what they did meanwhile: the click or key that
 * opened it, then what they typed. If they moved on, it is left alone.
 */
function useLoadedOnReach<Props>(pick: (module: Selects) => Loadable<Props>) {
  const [Loaded, setLoaded] = useState<Loadable<Props>>();
  const standIn = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const reach = useRef<Reach & { stillThere: boolean }>({ typed: '', stillThere: false });
  const [, rerender] = useReducer((renders: number) => renders + 1, 0);
  const load = () =>
    void loadSelects().then((module) => {
      reach.current.stillThere = document.activeElement === standIn.current;
      setLoaded(() => pick(module));
    });
  useEffect(() => {
    const field = input.current;
    const { openedBy, typed, stillThere } = reach.current;
    if (!Loaded || !field || !stillThere) return;
    field.focus();
    if (!openedBy) return;
    // Opened as by hand, after the first render: Mantine's combobox learns its list's id once the
    // list is first shown, and names it (aria-controls) on the render after that.
    requestAnimationFrame(() => {
      if (openedBy === 'click') field.click();
      else field.dispatchEvent(new KeyboardEvent('keydown', { key: openedBy, bubbles: true }));
      if (typed) typeInto(field, typed);
      requestAnimationFrame(rerender);
    });
  }, [Loaded]);
  const standInEvents = {
    ref: standIn,
    onPointerEnter: load,
    onFocus: load,
    onClick: () => {
      reach.current.openedBy ??= 'click';
      standIn.current?.focus(); // a click focuses it already; a click by a script may not
      load();
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      const character = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (!character && !OPENING_KEYS.has(event.key)) return;
      // Not the form's submit on Enter, nor a page scroll on Space: the select's own keys.
      event.preventDefault();
      if (character && event.key !== ' ') reach.current.typed += event.key;
      reach.current.openedBy ??= character && event.key !== ' ' ? 'ArrowDown' : event.key;
      load();
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
      // Announced as the select it stands for, closed.
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
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
      onClick={standInEvents.onClick}
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
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          placeholder={chosen.length ? undefined : placeholder}
          {...standInEvents}
        />
      </Pill.Group>
    </PillsInput>
  );
}
