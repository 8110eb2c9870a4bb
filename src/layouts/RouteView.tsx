import type { ReactNode } from 'react';

/** layouts/RouteView: a menu folder; its pages render as they are. */
export default function RouteView({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
