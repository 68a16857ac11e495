import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout: Mantine's hooks read media queries and observe sizes, so both get inert stand-ins.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

class InertResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = InertResizeObserver;

// An autosizing textarea resizes again when web fonts finish loading; jsdom loads none.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {} },
});

// Combobox options scroll into view when a select opens.
window.HTMLElement.prototype.scrollIntoView = () => {};

// Tests run without vitest globals, so Testing Library cannot unmount by itself.
afterEach(cleanup);
