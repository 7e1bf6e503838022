// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTICE_LIFT_VAR } from './notify';
import { useNoticeLift } from './useNoticeLift';

function Bar({ top, height }: { top: number; height: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const room = useRef<HTMLDivElement>(null);
  useNoticeLift(ref, room);
  return (
    <>
      <div ref={room} data-testid="room" />
      <div
        ref={(el) => {
          ref.current = el;
          if (!el) return;
          Object.defineProperty(el, 'offsetHeight', { value: height, configurable: true });
          el.getBoundingClientRect = () => ({ top, height }) as DOMRect;
        }}
      />
    </>
  );
}

const lift = () => document.documentElement.style.getPropertyValue(NOTICE_LIFT_VAR);

afterEach(cleanup);

describe('notices kept clear of the thumb bar', () => {
  it('are lifted by the bar while it sticks to the bottom, and go down when it leaves', () => {
    window.innerHeight = 740;
    const view = render(<Bar top={660} height={80} />);
    expect(lift()).toBe('80px');
    view.unmount();
    expect(lift()).toBe('');
  });

  it('sit above the bar when a short screen leaves it higher up', () => {
    window.innerHeight = 740;
    render(<Bar top={500} height={80} />);
    expect(lift()).toBe('240px');
  });
});
