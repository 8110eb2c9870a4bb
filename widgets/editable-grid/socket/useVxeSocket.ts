import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EditableGridHandle, GridRow } from '../types';
import { randomPageId, VxeSocketClient, type WebSocketFactory } from './vxeSocket';

/**
 * Builds the socket address for this page: `{ws base}/vxeSocket/{userId}/{pageId}?ticket=…&socketKey=…`.
 * Called before every (re)connection, so it fetches a fresh single-use ticket each time.
 */
export type VxeSocketUrlFactory = (pageId: string, socketKeys: readonly string[]) => string | Promise<string>;

let shared: { client: VxeSocketClient; users: number } | null = null;
const PAGE_ID = typeof crypto !== 'undefined' ? randomPageId() : 'page';

/** The page's one vxe socket, opened while any grid uses it. */
export function useVxeSocket(urlFactory: VxeSocketUrlFactory | undefined, create?: WebSocketFactory): VxeSocketClient | null {
  const [client, setClient] = useState<VxeSocketClient | null>(null);
  const factory = useRef(urlFactory);
  factory.current = urlFactory;
  const enabled = !!urlFactory;
  useEffect(() => {
    if (!enabled) return;
    if (!shared) {
      const c = new VxeSocketClient((keys) => (factory.current as VxeSocketUrlFactory)(PAGE_ID, keys), create);
      shared = { client: c, users: 0 };
      // let the page's grids bind first, so the first address already names their keys
      setTimeout(() => void c.connect(), 0);
    }
    shared.users++;
    const mine = shared;
    setClient(mine.client);
    return () => {
      mine.users--;
      if (mine.users === 0) {
        mine.client.close();
        if (shared === mine) shared = null;
      }
    };
  }, [enabled, create]);
  return client;
}

let caseCounter = 0;

/**
 * Bind a grid to a socket key: rows changed elsewhere are written into it (all fields but the key)
 * and, with `reloadEffect` (off by default, as in the reference), the cells whose value changed are
 * highlighted; returns `send(row)` for the grid's own edits.
 */
export function useSocketTable(
  client: VxeSocketClient | null,
  socketKey: string | undefined,
  grid: RefObject<EditableGridHandle>,
  rowKey = 'id',
  reloadEffect = false,
): (row: GridRow) => void {
  // unique across pages: the sender's own grids skip its update, other pages' grids with the same counter must not
  const caseId = useRef(`${PAGE_ID}-${++caseCounter}`);
  const effect = useRef(reloadEffect);
  effect.current = reloadEffect;
  useEffect(() => {
    if (!client || !socketKey) return;
    return client.bindTable({
      socketKey,
      caseId: caseId.current,
      applyRow: (row) => {
        const id = row[rowKey];
        const handle = grid.current;
        if (id == null || !handle) return;
        const current = handle.getValues({ validate: false, rowIds: [String(id)] }).values[0];
        if (!current) return;
        const values = { ...row };
        delete values[rowKey];
        const changed = Object.keys(values).filter((k) => !sameValue(current[k], values[k]));
        if (!changed.length) return;
        handle.setValues([{ rowKey: String(id), values }]);
        if (effect.current) handle.highlight(String(id), changed);
      },
    });
  }, [client, socketKey, grid, rowKey]);
  return (row) => {
    if (client && socketKey) client.sendRowUpdate(socketKey, row, caseId.current);
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a == null || a === '') && (b == null || b === '')) return true;
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}
