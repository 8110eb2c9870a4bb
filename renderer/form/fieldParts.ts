import { useEffect, useState } from 'react';
import { loadField, peekField, type FieldParts } from '../registry';

/** The parts of a registered type, loading lazy ones on first use (undefined while loading). */
export function useFieldParts(type: string | undefined): FieldParts | undefined {
  const [loaded, setLoaded] = useState<{ type: string; parts: FieldParts } | undefined>();
  const ready = type ? peekField(type) : undefined;
  useEffect(() => {
    if (!type || ready) return;
    let alive = true;
    loadField(type).then(
      (parts) => alive && setLoaded({ type, parts }),
      () => alive && setLoaded({ type, parts: {} }),
    );
    return () => {
      alive = false;
    };
  }, [type, ready]);
  if (ready) return ready;
  return loaded && loaded.type === type ? loaded.parts : undefined;
}
