import { useEffect, useState } from 'react';
import { loadField, peekField, type FieldParts } from '../registry';

/** The parts of a registered type, loading lazy ones on first use (undefined while loading). */
export function useFieldParts(type: string | undefined): FieldParts | undefined {
  const [parts, setParts] = useState<FieldParts | undefined>(() => (type ? peekField(type) : undefined));
  useEffect(() => {
    if (!type) return;
    const ready = peekField(type);
    if (ready) {
      setParts(ready);
      return;
    }
    let alive = true;
    loadField(type).then(
      (loaded) => alive && setParts(loaded),
      () => alive && setParts({}),
    );
    return () => {
      alive = false;
    };
  }, [type]);
  return parts;
}
