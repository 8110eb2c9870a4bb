import { Component, lazy, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from './config';
import { feedback } from './feedback';

export class ChunkLoadError extends Error {
  constructor(what: string, cause?: unknown) {
    super(`加载失败：${what}`);
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

export function reportChunkError(what: string): void {
  feedback().message.error(`页面资源加载失败（${what}），请刷新后重试`);
}

/** Race a dynamic import against the 120 s chunk limit; a failure or time-out is reported to the user. */
export function loadWithTimeout<T>(loader: () => Promise<T>, what: string, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`${what}（超时）`)), timeoutMs);
  });
  return Promise.race([loader(), timeout])
    .catch((error: unknown) => {
      reportChunkError(what);
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(what, error);
    })
    .finally(() => clearTimeout(timer));
}

/** A lazy page whose download can start before React renders it (`preload`); both share one request. */
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => void };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take any props
export function lazyPage<P = any>(loader: () => Promise<{ default: ComponentType<P> }>, what: string): LazyPage<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () => (pending ??= loadWithTimeout(loader, what));
  return Object.assign(lazy(load), { preload: () => void load().catch(() => undefined) });
}

/** Starts the download of a page made by `lazyPage`; anything else is left alone. */
export function preloadPage(component: unknown): void {
  if (typeof component === 'object' && component !== null && 'preload' in component && typeof component.preload === 'function')
    component.preload();
}

/** A stylesheet or module preload that fails after boot (Vite fires `vite:preloadError`). */
export function watchPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reportChunkError('样式或脚本');
  });
}

interface BoundaryState {
  error?: Error;
}

/** Shows a retry panel instead of a blank page when a page chunk (or the page itself) fails. */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, BoundaryState> {
  override state: BoundaryState = {};

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
        <h3>页面加载失败</h3>
        <p style={{ color: '#888' }}>{this.state.error.message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          刷新页面
        </button>
      </div>
    );
  }
}
