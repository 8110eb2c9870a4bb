import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { KeepAliveOutlet } from '@src/layouts/parts/KeepAliveOutlet';

function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {name}:{n}
    </button>
  );
}

function renderShell(live: string[], versions?: Record<string, number>) {
  return render(
    <MemoryRouter initialEntries={['/a']}>
      <Routes>
        <Route path="/" element={<ShellWithKey live={live} versions={versions} />}>
          <Route path="a" element={<Counter name="A" />} />
          <Route path="b" element={<Counter name="B" />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

function ShellWithKey(props: { live: string[]; versions?: Record<string, number> }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/a')}>
        go a
      </button>
      <button type="button" onClick={() => navigate('/b')}>
        go b
      </button>
      <KeepAliveOutlet currentKey={pathname} cacheCurrent liveKeys={new Set(props.live)} versions={props.versions ?? {}} />
    </>
  );
}

describe('keep-alive of visited pages', () => {
  it('keeps the state of a live page while another one shows', () => {
    renderShell(['/a', '/b']);
    fireEvent.click(screen.getByText('A:0'));
    fireEvent.click(screen.getByText('go b'));
    expect(screen.getByText('B:0')).toBeTruthy();
    expect((screen.getByText('A:1').parentElement as HTMLElement).style.display).toBe('none');
    fireEvent.click(screen.getByText('go a'));
    expect(screen.getByText('A:1')).toBeTruthy();
  });

  it('drops a page that is no longer live (closed tab)', () => {
    renderShell(['/b']);
    fireEvent.click(screen.getByText('A:0'));
    fireEvent.click(screen.getByText('go b'));
    fireEvent.click(screen.getByText('go a'));
    expect(screen.getByText('A:0')).toBeTruthy();
  });
});
