import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PDF_ZOOM, rotate, zoomIn, zoomOut } from '@widgets/editors/pdf-controls';
import { JPdfView } from '@widgets/editors/JPdfView';
import type { PdfDocument } from '@widgets/editors/pdf-loader';
import { CHINESE_FONT_SIZES, editorImageSource, sanitizeRichText, RICH_TEXT_HEIGHT } from '@widgets/editors/rich-text';
import { JEditor } from '@widgets/editors/JEditor';
import { CODE_LANGUAGES } from '@widgets/editors/code-languages';
import { JCodeEditor, CODE_EDITOR_HEIGHT } from '@widgets/editors/JCodeEditor';
import { JMarkdownEditor, markdownImage, MARKDOWN_HEIGHT, MARKDOWN_MIN_HEIGHT } from '@widgets/editors/JMarkdownEditor';
import { JImagePreview } from '@widgets/editors/JImagePreview';
import { fakeHttp, renderWith } from './fake-http';

describe('PDF controls', () => {
  it('zooms 40–100 in steps of 10 with the limit messages', () => {
    expect(PDF_ZOOM).toEqual({ min: 40, max: 100, step: 10 });
    expect(zoomIn(90)).toEqual({ zoom: 100 });
    expect(zoomIn(100)).toEqual({ zoom: 100, message: '已经是最大喽~~' });
    expect(zoomOut(50)).toEqual({ zoom: 40 });
    expect(zoomOut(40)).toEqual({ zoom: 40, message: '已经是最小喽~~' });
    expect(rotate(0)).toBe(90);
    expect(rotate(270)).toBe(0);
  });
});

function fakeDoc(numPages: number): PdfDocument {
  return {
    numPages,
    getPage: async () => ({ getViewport: () => ({ width: 10, height: 10 }), render: () => ({ promise: Promise.resolve() }) }),
  };
}

describe('JPdfView', () => {
  it('pages, zooms within limits and rotates', async () => {
    const loader = vi.fn(async () => fakeDoc(3));
    renderWith(<JPdfView value="temp/a.pdf" loader={loader} />);
    expect(await screen.findByText('1 / 3')).toBeTruthy();
    expect(loader).toHaveBeenCalledWith('/api/sys/common/static/temp/a.pdf', { 'X-Access-Token': 'tok' });
    expect((screen.getByLabelText('上一页') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('下一页'));
    fireEvent.click(screen.getByLabelText('下一页'));
    expect(screen.getByText('3 / 3')).toBeTruthy();
    expect((screen.getByLabelText('下一页') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('放大'));
    expect(await screen.findByText('已经是最大喽~~')).toBeTruthy();
    for (let i = 0; i < 6; i += 1) fireEvent.click(screen.getByLabelText('缩小'));
    expect(screen.getByText('40%')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('缩小'));
    expect(await screen.findByText('已经是最小喽~~')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('旋转'));
    expect(screen.getByLabelText('PDF页面').getAttribute('data-rotation')).toBe('90');
  });

  it('shows the load error', async () => {
    renderWith(
      <JPdfView
        src="/x.pdf"
        loader={async () => {
          throw new Error('无法读取PDF');
        }}
      />,
    );
    expect(await screen.findByText('无法读取PDF')).toBeTruthy();
  });
});

describe('rich text', () => {
  it('names font sizes 初号 42pt down to 六号 7.5pt', () => {
    expect(CHINESE_FONT_SIZES[0]).toEqual({ name: '初号', pt: 42 });
    expect(CHINESE_FONT_SIZES[CHINESE_FONT_SIZES.length - 1]).toEqual({ name: '六号', pt: 7.5 });
    expect(CHINESE_FONT_SIZES.map((s) => s.name)).toContain('小四');
  });

  it('sanitises scripts, handlers and javascript: links', () => {
    const clean = sanitizeRichText(
      '<p onclick="x()">hi<script>alert(1)</script><img src=x onerror="y()"><a href="javascript:z()">l</a></p>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(clean).toContain('hi');
  });

  it('keeps a "local" upload inline and links others through the static path', () => {
    expect(editorImageSource('local', 'data:image/png;base64,AA', (p) => `/s/${p}`)).toBe('data:image/png;base64,AA');
    expect(editorImageSource('jeditor/a.png', 'data:', (p) => `/s/${p}`)).toBe('/s/jeditor/a.png');
  });

  it('JEditor is 300 high, shows the value sanitised and uploads images with biz=jeditor&jeditor=1', async () => {
    const http = fakeHttp({ 'UPLOAD /sys/common/upload': () => ({ success: true, message: 'jeditor/p.png', code: 0, result: null }) });
    const { container } = renderWith(<JEditor value={'<p>正文<script>bad()</script></p>'} />, http);
    const box = screen.getByLabelText('富文本内容');
    expect(box.style.height).toBe(`${RICH_TEXT_HEIGHT}px`);
    expect(box.innerHTML).toBe('<p>正文</p>');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'p.png', { type: 'image/png' })] } });
      await new Promise((r) => setTimeout(r, 20));
    });
    const form = http.calls[0].body as FormData;
    expect(form.get('biz')).toBe('jeditor');
    expect(form.get('jeditor')).toBe('1');
  });
});

describe('code editor', () => {
  it('offers the 12 language modes', async () => {
    expect(CODE_LANGUAGES.map((l) => l.label)).toEqual([
      'CSS',
      'Javascript',
      'XML/HTML',
      'Java',
      'Objective-C',
      'Python',
      'R',
      'Shell',
      'SQL',
      'Swift',
      'Vue',
      'Markdown',
    ]);
    for (const lang of CODE_LANGUAGES) expect(await lang.load(), lang.label).toBeTruthy();
  });

  it('is 240 high, shows the value and toggles fullscreen', async () => {
    const { container, rerender } = renderWith(<JCodeEditor value="let a = 1;" />);
    const frame = container.querySelector('.j-code-editor') as HTMLElement;
    expect(frame.style.height).toBe(`${CODE_EDITOR_HEIGHT}px`);
    await waitFor(() => expect(container.querySelector('.cm-content')?.textContent).toBe('let a = 1;'));
    rerender(<JCodeEditor value="let b = 2;" />);
    await waitFor(() => expect(container.querySelector('.cm-content')?.textContent).toBe('let b = 2;'));
    fireEvent.click(screen.getByLabelText('全屏'));
    expect(screen.getByLabelText('退出全屏')).toBeTruthy();
    expect((container.querySelector('.j-code-editor') as HTMLElement).style.zIndex).toBe('999');
  });
});

describe('markdown editor', () => {
  it('has min height 200 and default 300', () => {
    expect([MARKDOWN_MIN_HEIGHT, MARKDOWN_HEIGHT]).toEqual([200, 300]);
    expect(markdownImage('http://x/a.png', '图')).toBe('![图](http://x/a.png)');
  });

  it('inserts a network image from the 图片上传 dialog', async () => {
    const onChange = vi.fn();
    renderWith(<JMarkdownEditor value="# 标题" onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('上传图片'));
    expect(await screen.findByText('图片上传')).toBeTruthy();
    expect(screen.getByText('本地图片上传')).toBeTruthy();
    fireEvent.click(screen.getByText('网络图片地址'));
    fireEvent.change(await screen.findByLabelText('图片地址'), { target: { value: 'http://x/a.png' } });
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '示意图' } });
    fireEvent.click(screen.getByText('OK'));
    expect(onChange).toHaveBeenCalledWith('# 标题\n![示意图](http://x/a.png)');
  });
});

describe('image preview', () => {
  it('shows each stored image through the static path', () => {
    const { container } = renderWith(<JImagePreview value="temp/a.png,http://cdn/b.png" />);
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/api/sys/common/static/temp/a.png', 'http://cdn/b.png']);
  });
});
