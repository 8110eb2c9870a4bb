/**
 * Stopgap until the page meta-schema has extra row actions and toolbar buttons: the renderer's list
 * controller is not reachable from a registered component, so an admin action finds the list it sits
 * in through the page's DOM (the card holding `.renderer-query` / `.renderer-toolbar`).
 */
function listHost(from: Element | null): Element | null {
  let node: Element | null = from;
  while (node) {
    if (node.classList.contains('ant-card') && node.querySelector(':scope .renderer-toolbar')) return node;
    node = node.parentElement;
  }
  return null;
}

/** Reloads the list around `from` by running its query (keeps the query values, back to page 1). */
export function reloadListAround(from: Element | null): boolean {
  const host = listHost(from);
  const search = host?.querySelector<HTMLButtonElement>('.renderer-query button.ant-btn-primary');
  if (!search) return false;
  search.click();
  return true;
}

/** Keys of the rows checked in the list around `from`. */
export function selectedKeysAround(from: Element | null): string[] {
  const host = listHost(from);
  if (!host) return [];
  return [...host.querySelectorAll('.ant-table-row-selected[data-row-key]')].map((row) => row.getAttribute('data-row-key') ?? '').filter(Boolean);
}

/** The toolbar button row of the list around `from` (where extra buttons are portalled). */
export function toolbarAround(from: Element | null): Element | null {
  const host = listHost(from);
  return host?.querySelector('.renderer-toolbar .ant-space') ?? host?.querySelector('.renderer-toolbar') ?? null;
}
