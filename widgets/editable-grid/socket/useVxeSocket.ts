import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EditableGridHandle, GridRow } from '../types';
import { randomPageId, VxeSocketClient, type WebSocketFactory } from './vxeSocket';

/** Builds the socket URL for this page: `{ws base}/vxeSocket/{userId}/{pageId}` plus a short-lived ticket. */
export type VxeSocketUrlFactory = (pageId: string) => string | Promise<string>;

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
      const c = new VxeSocketClient(() => (factory.current as VxeSocketUrlFactory)(PAGE_ID), create);
      shared = { client: c, users: 0 };
      void c.connect();
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
 * and highlighted; returns `send(row)` for the grid's own edits.
 */
export function useSocketTable(
  client: VxeSocketClient | null,
  socketKey: string,
  grid: RefObject<EditableGridHandle>,
  rowKey = 'id',
): (row: GridRow) => void {
  const caseId = useRef(`case-${++caseCounter}`);
  useEffect(() => {
    if (!client) return;
    return client.bindTable({
      socketKey,
      caseId: caseId.current,
      applyRow: (row) => {
        const id = row[rowKey];
        if (id == null || !grid.current) return;
        const values = { ...row };
        delete values[rowKey];
        grid.current.setValues([{ rowKey: String(id), values }]);
        grid.current.highlight(String(id), Object.keys(values));
      },
    });
  }, [client, socketKey, grid, rowKey]);
  return (row) => client?.sendRowUpdate(socketKey, row, caseId.current);
}
