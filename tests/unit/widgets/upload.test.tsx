import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  checkUploadFile,
  itemsToValue,
  limitFiles,
  moveItem,
  failedUpload,
  settleUpload,
  valueToItems,
  type UploadItem,
} from '@widgets/upload/upload-rules';
import { JUpload } from '@widgets/upload/JUpload';
import { JFilePop, FILE_POP_SIZE } from '@widgets/upload/JFilePop';
import { fakeHttp, renderWith } from './fake-http';

const done = (path: string, name = path): UploadItem => ({ uid: path, name, path, status: 'done' });

describe('upload rules', () => {
  it('image-only uploads need an image type', () => {
    expect(checkUploadFile({ name: 'a.png', type: 'image/png' }, 'image')).toBeNull();
    expect(checkUploadFile({ name: 'a.pdf', type: 'application/pdf' }, 'image')).toBe('请上传图片');
  });

  it('other uploads need an extension from the accept list', () => {
    expect(checkUploadFile({ name: 'a.PDF' }, 'all')).toBeNull();
    expect(checkUploadFile({ name: 'a.jpeg' }, 'file')).toBeNull();
    expect(checkUploadFile({ name: 'a.exe' }, 'all')).toBe('请上传.pdf,.jpg,.png,.jpeg格式的文件');
    expect(checkUploadFile({ name: 'a.doc' }, 'all', '.doc,.docx')).toBeNull();
    expect(checkUploadFile({ name: 'noext' }, 'all', '.doc')).toBe('请上传.doc格式的文件');
  });

  it('an accepted answer gives the stored path; a refusal becomes an error with the server message or 未知错误', () => {
    const item: UploadItem = { uid: '1', name: 'a.png', status: 'uploading' };
    expect(settleUpload(item, { message: 'temp/a_1.png' })).toMatchObject({ status: 'done', path: 'temp/a_1.png' });
    expect(failedUpload(item, '上传失败！')).toMatchObject({ status: 'error', message: '上传失败！' });
    expect(failedUpload(item, '')).toMatchObject({ status: 'error', message: '未知错误' });
    expect(failedUpload(item, undefined)).toMatchObject({ status: 'error', message: '未知错误' });
  });

  it('number limit keeps the last files, 0 is unlimited', () => {
    expect(limitFiles([1, 2, 3], 2)).toEqual([2, 3]);
    expect(limitFiles([1, 2, 3], 0)).toEqual([1, 2, 3]);
  });

  it('emits comma-joined paths or file records, only when every file is done', () => {
    const items = [done('temp/a.png', 'a.png'), { ...done('temp/b.pdf', 'b.pdf'), size: 10 }];
    expect(itemsToValue(items, true)).toBe('temp/a.png,temp/b.pdf');
    expect(itemsToValue(items, false)).toEqual([
      { fileName: 'a.png', filePath: 'temp/a.png', fileSize: undefined },
      { fileName: 'b.pdf', filePath: 'temp/b.pdf', fileSize: 10 },
    ]);
    expect(itemsToValue([...items, { uid: 'x', name: 'c', status: 'uploading' }], true)).toBeUndefined();
  });

  it('reads both value shapes back', () => {
    expect(valueToItems('temp/a_1.png,temp/b.pdf').map((i) => i.name)).toEqual(['a_1.png', 'b.pdf']);
    expect(valueToItems([{ fileName: 'x.pdf', filePath: 'temp/x.pdf', fileSize: 3 }])[0]).toMatchObject({
      name: 'x.pdf',
      size: 3,
      status: 'done',
    });
    expect(valueToItems('')).toEqual([]);
  });

  it('moving the first image left or the last right is refused with its message', () => {
    expect(moveItem(['a', 'b'], 0, 'left').error).toBe('未知的操作');
    expect(moveItem(['a', 'b'], 1, 'right').error).toBe('已到最后~');
    expect(moveItem(['a', 'b', 'c'], 1, 'left').items).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 'right').items).toEqual(['a', 'c', 'b']);
  });
});

function fileInput(container: HTMLElement) {
  return container.querySelector('input[type=file]') as HTMLInputElement;
}

async function choose(container: HTMLElement, file: File) {
  await act(async () => {
    fireEvent.change(fileInput(container), { target: { files: [file] } });
    await new Promise((r) => setTimeout(r, 20));
  });
}

describe('JUpload', () => {
  it('uploads to /sys/common/upload with biz temp and emits the stored path', async () => {
    const http = fakeHttp({ 'UPLOAD /sys/common/upload': () => ({ success: true, message: 'temp/a_1.pdf', code: 0, result: null }) });
    const onChange = vi.fn();
    const { container } = renderWith(<JUpload onChange={onChange} />, http);
    expect(screen.getByText('点击上传')).toBeTruthy();
    await choose(container, new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('temp/a_1.pdf'));
    const form = http.calls[0].body as FormData;
    expect(form.get('biz')).toBe('temp');
    expect((form.get('file') as File).name).toBe('a.pdf');
    expect(await screen.findByText('a.pdf')).toBeTruthy();
  });

  it('refuses a file outside the accept list without sending it', async () => {
    const http = fakeHttp();
    const { container } = renderWith(<JUpload />, http);
    await choose(container, new File(['x'], 'evil.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByText('请上传.pdf,.jpg,.png,.jpeg格式的文件')).toBeTruthy();
    expect(http.upload).not.toHaveBeenCalled();
  });

  it('image upload refuses a non-image with 请上传图片', async () => {
    const http = fakeHttp();
    const { container } = renderWith(<JUpload fileType="image" />, http);
    await choose(container, new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('请上传图片')).toBeTruthy();
  });

  it('reports "{file} 上传失败." when the server refuses', async () => {
    const http = fakeHttp({ 'UPLOAD /sys/common/upload': () => ({ success: false, message: '上传失败！', code: 500, result: null }) });
    const onChange = vi.fn();
    const { container } = renderWith(<JUpload onChange={onChange} />, http);
    await choose(container, new File(['x'], 'b.png', { type: 'image/png' }));
    expect(await screen.findByText('b.png 上传失败.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('emits file records when returnUrl is false and keeps only `number` files', async () => {
    let n = 0;
    const http = fakeHttp({
      'UPLOAD /sys/common/upload': () => {
        n += 1;
        return { success: true, message: `temp/f${n}.pdf`, code: 0, result: null };
      },
    });
    const onChange = vi.fn();
    const { container } = renderWith(<JUpload returnUrl={false} number={1} onChange={onChange} />, http);
    await choose(container, new File(['x'], 'one.pdf'));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    await choose(container, new File(['yy'], 'two.pdf'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([{ fileName: 'two.pdf', filePath: 'temp/f2.pdf', fileSize: 2 }]));
  });

  it('image cards warn 未知的操作 / 已到最后~ at the ends', async () => {
    renderWith(<JUpload fileType="image" value="temp/a.png,temp/b.png" />);
    const lefts = screen.getAllByLabelText('左移');
    fireEvent.click(lefts[0]);
    expect(await screen.findByText('未知的操作')).toBeTruthy();
    const rights = screen.getAllByLabelText('右移');
    fireEvent.click(rights[1]);
    expect(await screen.findByText('已到最后~')).toBeTruthy();
  });

  it('removing a file emits the remaining paths', async () => {
    const onChange = vi.fn();
    const { container } = renderWith(<JUpload value="temp/a.pdf,temp/b.pdf" onChange={onChange} />);
    const removeButtons = container.querySelectorAll('.ant-upload-list-item-action');
    fireEvent.click(removeButtons[0]);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('temp/b.pdf'));
  });
});

describe('JFilePop', () => {
  it('is 520 wide, 200 high, and refuses OK with no file', async () => {
    const onOk = vi.fn();
    renderWith(<JFilePop open onOk={onOk} onCancel={() => {}} />);
    expect(await screen.findByText('文件上传')).toBeTruthy();
    const body = document.querySelector('.ant-modal-body') as HTMLElement;
    expect(body.style.height).toBe(`${FILE_POP_SIZE.height}px`);
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('520px');
    fireEvent.click(screen.getByText('OK'));
    expect(await screen.findByText('未上传任何文件')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('returns name, url, path, status and id of the stored files', async () => {
    const onOk = vi.fn();
    renderWith(<JFilePop open fileType="image" value="temp/p.png" onOk={onOk} onCancel={() => {}} />);
    expect(await screen.findByText('图片上传')).toBeTruthy();
    fireEvent.click(screen.getByText('OK'));
    expect(onOk).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'p.png', path: 'temp/p.png', url: '/api/sys/common/static/temp/p.png', status: 'done' }),
    ]);
  });
});
