import { useRef, type ReactElement } from 'react';
import { useOutlet } from 'react-router-dom';

/**
 * Renders the current page and keeps the views of `liveKeys` mounted but hidden,
 * so switching back to them keeps their state (keep-alive). `versions` remounts a
 * key when it changes (tab refresh).
 */
export function KeepAliveOutlet({
  currentKey,
  cacheCurrent,
  liveKeys,
  versions,
}: {
  currentKey: string;
  cacheCurrent: boolean;
  liveKeys: ReadonlySet<string>;
  versions: Readonly<Record<string, number>>;
}) {
  const outlet = useOutlet();
  const cache = useRef(new Map<string, ReactElement | null>());
  const entries = cache.current;
  for (const key of [...entries.keys()]) if (!liveKeys.has(key) && key !== currentKey) entries.delete(key);
  if (cacheCurrent) entries.set(currentKey, outlet);
  else entries.delete(currentKey);

  return (
    <>
      {[...entries.entries()].map(([key, element]) => (
        <div key={`${key}#${versions[key] ?? 0}`} style={key === currentKey ? undefined : { display: 'none' }} data-page-key={key}>
          {element}
        </div>
      ))}
      {!cacheCurrent && <div key={`${currentKey}#${versions[currentKey] ?? 0}`}>{outlet}</div>}
    </>
  );
}
