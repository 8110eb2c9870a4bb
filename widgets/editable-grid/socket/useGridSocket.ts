import { useMemo, useRef, useState } from 'react';
import type { RendererServices } from '@renderer/context';
import type { EditableGridHandle, GridRow } from '../types';
import { ticketUrlFactory } from './ticketUrl';
import { useSocketTable, useVxeSocket, type VxeSocketUrlFactory } from './useVxeSocket';

/**
 * Socket sync of one grid (`socketKey` prop): the page socket opens with a ticket of the signed-in user,
 * other pages' edits on the key land in this grid, and `send` publishes this grid's edits.
 */
export function useGridSocket(
  socketKey: string | undefined,
  services: RendererServices | null,
  rowKey: string,
  socketUrl?: VxeSocketUrlFactory,
  reloadEffect = false,
) {
  const handle = useRef<EditableGridHandle>(null);
  const factory = useMemo<VxeSocketUrlFactory | undefined>(() => {
    if (!socketKey) return undefined;
    if (socketUrl) return socketUrl;
    return services?.user ? ticketUrlFactory(services) : undefined;
  }, [socketKey, socketUrl, services]);
  const client = useVxeSocket(factory);
  const latestSend = useSocketTable(client, socketKey, handle, rowKey, reloadEffect);
  const send = useRef(latestSend);
  send.current = latestSend;
  // stable: callers may keep it across renders while the client connects
  const [publish] = useState(() => (row: GridRow) => send.current({ ...row }));
  return { handle, send: publish };
}
