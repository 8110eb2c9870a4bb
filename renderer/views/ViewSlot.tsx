import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { getViewRegistration, type ViewComponent, type ViewProps, type ViewRegistration } from './registry';

const lazyViews = new WeakMap<ViewRegistration, ViewComponent>();

function componentOf(registration: ViewRegistration): ViewComponent {
  if (registration.component) return registration.component;
  let component = lazyViews.get(registration);
  if (!component) {
    const load = registration.load as () => Promise<ViewComponent>;
    component = lazy(() => load().then((loaded) => ({ default: loaded })));
    lazyViews.set(registration, component);
  }
  return component;
}

/** Renders the registered view `name` (loading it on first use); an unknown name says so in place. */
export function ViewSlot({ name, fallback = null, ...props }: ViewProps & { name: string; fallback?: ReactNode }) {
  const registration = getViewRegistration(name);
  const View = useMemo(() => (registration ? componentOf(registration) : undefined), [registration]);
  if (!View) return <span role="alert">未知的视图 {name}</span>;
  return (
    <Suspense fallback={fallback}>
      <View {...props} />
    </Suspense>
  );
}
