import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastsBelowHeader } from '../src/app/layouts/layout-parts';

const VAR = '--attend-header-height';

function Header() {
  const ref = useToastsBelowHeader<HTMLElement>();
  return <header ref={ref}>Attend</header>;
}

/** A ResizeObserver whose reports the test sends. */
class FakeObserver {
  static last: FakeObserver | null = null;
  constructor(readonly report: () => void) {
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {}
}

describe('the toasts stay below the header without a forced layout', () => {
  let height = 64;
  const reads = vi.fn();
  let writes: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    height = 64;
    reads.mockClear();
    writes = vi.spyOn(document.documentElement.style, 'setProperty');
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => {
      reads();
      return height;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.documentElement.style.removeProperty(VAR);
  });

  it('reads the height only when the observer reports it, and writes it only when it changed', () => {
    vi.stubGlobal('ResizeObserver', FakeObserver);
    const { unmount } = render(<Header />);
    // Drawn: nothing read yet (a read there would lay the page out in the middle of its drawing).
    expect(reads).not.toHaveBeenCalled();
    expect(document.documentElement.style.getPropertyValue(VAR)).toBe('');

    FakeObserver.last?.report();
    expect(document.documentElement.style.getPropertyValue(VAR)).toBe('64px');
    expect(writes).toHaveBeenCalledTimes(1);

    // The same height again: the root element, and so the whole page's style, is left alone.
    FakeObserver.last?.report();
    expect(writes).toHaveBeenCalledTimes(1);

    height = 112; // the header wrapped onto two lines
    FakeObserver.last?.report();
    expect(document.documentElement.style.getPropertyValue(VAR)).toBe('112px');

    unmount();
    expect(document.documentElement.style.getPropertyValue(VAR)).toBe('');
  });

  it('measures at once where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    render(<Header />);
    expect(document.documentElement.style.getPropertyValue(VAR)).toBe('64px');
  });
});
