import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { loadMenuSeed } from '../../../server/db/seed/menus';
import { IconPicker } from '@widgets/basic/IconPicker';
import { menuIcon } from '@widgets/shared/menuIcons';

/** True when the side menu's icon lookup draws an antd icon for `name`. */
function drawsIcon(name: string): boolean {
  const { container, unmount } = render(<span>{menuIcon(name)}</span>);
  const drawn = !!container.querySelector('.anticon svg');
  unmount();
  return drawn;
}

describe('menu icons', () => {
  it('draws every icon the menu files name', () => {
    const names = [...new Set(loadMenuSeed({}).flatMap((m) => (m.icon ? [m.icon] : [])))];
    expect(names).toEqual(expect.arrayContaining(['menu', 'apartment', 'hdd', 'tags']));
    expect(names.filter((name) => !drawsIcon(name))).toEqual([]);
  });

  it('draws every icon the icon picker offers, also by its component name', () => {
    render(<IconPicker value="home" />);
    fireEvent.click(screen.getByText('选择图标'));
    const offered = screen
      .getAllByRole('button')
      .map((b) => b.getAttribute('title'))
      .filter((t): t is string => !!t);
    expect(offered.length).toBeGreaterThan(30);
    expect(offered.filter((name) => !drawsIcon(name))).toEqual([]);
    expect(drawsIcon('HomeOutlined')).toBe(true);
    expect(drawsIcon('FileTextOutlined')).toBe(true);
    expect(drawsIcon('none')).toBe(false);
    expect(drawsIcon('no-such-icon')).toBe(false);
  });
});
