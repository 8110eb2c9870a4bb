import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { loadField } from '@renderer/registry';
import { registerBuiltinFields } from '@renderer/fields';
import { filePath } from '@renderer/fields/media';
import { fakeHttp, recordingNotifier, renderWith } from './harness';

describe('file cell (未知的文件)', () => {
  it('reads the first usable path of a comma list', () => {
    expect(filePath('a/b.txt,c.txt')).toBe('a/b.txt');
    expect(filePath(',a/b.txt')).toBe('a/b.txt');
    expect(filePath(',')).toBe('');
    expect(filePath(' ')).toBe('');
    expect(filePath('null')).toBe('');
    expect(filePath(undefined)).toBe('');
  });

  it('links a known file, shows 无文件 for none and warns 未知的文件 for an unusable path', async () => {
    registerBuiltinFields();
    const Cell = (await loadField('File')).cell!;
    const rec = recordingNotifier();
    const { unmount } = renderWith(<Cell value="files/a.txt" record={{}} />, fakeHttp({}).http, { notify: rec.notifier });
    expect(screen.getByText('下载').getAttribute('href')).toBe('/api/sys/common/static/files/a.txt');
    unmount();

    const empty = renderWith(<Cell value="" record={{}} />, fakeHttp({}).http, { notify: rec.notifier });
    expect(screen.getByText('无文件')).toBeTruthy();
    empty.unmount();

    renderWith(<Cell value="," record={{}} />, fakeHttp({}).http, { notify: rec.notifier });
    fireEvent.click(screen.getByText('下载'));
    expect(rec.said).toContainEqual({ kind: 'warning', text: '未知的文件' });
  });
});
