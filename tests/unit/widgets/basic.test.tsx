import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { applyQueryPrefix, stripQueryPrefix } from '@widgets/basic/query-prefix';
import { JInput } from '@widgets/basic/JInput';
import { JSwitch, JSwitchPretty } from '@widgets/basic/JSwitch';
import { JSlider } from '@widgets/basic/JSlider';
import { JInputPop, JTextareaPop } from '@widgets/basic/JInputPop';
import { JEllipsis, ellipsis } from '@widgets/shared/JEllipsis';
import { JModal } from '@widgets/shared/JModal';

describe('JInput query prefixes', () => {
  it('wraps like in asterisks and prefixes ne, ge, le', () => {
    expect(applyQueryPrefix('like', 'abc')).toBe('*abc*');
    expect(applyQueryPrefix('ne', 'abc')).toBe('!abc');
    expect(applyQueryPrefix('ge', '5')).toBe('>=5');
    expect(applyQueryPrefix('le', '5')).toBe('<=5');
    expect(applyQueryPrefix('like', '')).toBe('');
    expect(stripQueryPrefix('like', '*abc*')).toBe('abc');
    expect(stripQueryPrefix('ge', '>=5')).toBe('5');
  });

  it('shows the bare text and emits the prefixed value', () => {
    const onChange = vi.fn();
    render(<JInput value="*ab*" type="like" onChange={onChange} />);
    const input = screen.getByDisplayValue('ab');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(onChange).toHaveBeenLastCalledWith('*abc*');
  });

  it('re-emits the value when the type changes', () => {
    const onChange = vi.fn();
    const { rerender } = render(<JInput value="*ab*" type="like" onChange={onChange} />);
    rerender(<JInput value="*ab*" type="ne" onChange={onChange} />);
    expect(onChange).toHaveBeenLastCalledWith('!ab');
  });
});

describe('JSwitch', () => {
  it('sets an empty value to N at once', () => {
    const onChange = vi.fn();
    render(<JSwitch onChange={onChange} />);
    expect(onChange).toHaveBeenCalledWith('N');
  });

  it('toggles between Y and N', () => {
    const onChange = vi.fn();
    render(<JSwitch value="N" onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch'));
    expect(onChange).toHaveBeenLastCalledWith('Y');
  });

  it('query mode offers 是 and 否 and does not fill an empty value', async () => {
    const onChange = vi.fn();
    render(<JSwitch query onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('是')).toBeTruthy();
    expect(screen.getByText('否')).toBeTruthy();
    fireEvent.click(screen.getByText('是'));
    expect(onChange).toHaveBeenLastCalledWith('Y');
  });

  it('read-pretty shows 是 / 否', () => {
    render(
      <>
        <JSwitchPretty value="Y" />
        <JSwitchPretty value="N" />
      </>,
    );
    expect(screen.getByText('是')).toBeTruthy();
    expect(screen.getByText('否')).toBeTruthy();
  });
});

describe('JSlider verification', () => {
  it('passes when dragged to the end', () => {
    const onSuccess = vi.fn();
    const onChange = vi.fn();
    render(<JSlider width={300} onSuccess={onSuccess} onChange={onChange} />);
    expect(screen.getByText('拖动滑块验证')).toBeTruthy();
    const handle = screen.getByTestId('j-slider-handle');
    fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 300, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 300, pointerId: 1 });
    expect(screen.getByText('验证通过')).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('snaps back when released early', () => {
    const onSuccess = vi.fn();
    render(<JSlider width={300} onSuccess={onSuccess} />);
    const handle = screen.getByTestId('j-slider-handle');
    fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 120, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('120');
    fireEvent.pointerUp(handle, { clientX: 120, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('拖动滑块验证')).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});

describe('JEllipsis', () => {
  it('cuts at 25 characters by default and adds ...', () => {
    const long = '一二三四五六七八九十一二三四五六七八九十一二三四五六七';
    expect(ellipsis(long)).toBe(`${long.slice(0, 25)}...`);
    render(<JEllipsis value={long} />);
    expect(screen.getByText(`${long.slice(0, 25)}...`)).toBeTruthy();
  });

  it('keeps short text whole and honours a custom length', () => {
    render(
      <>
        <JEllipsis value="短文本" />
        <JEllipsis value="abcdefgh" length={5} />
      </>,
    );
    expect(screen.getByText('短文本')).toBeTruthy();
    expect(screen.getByText('abcde...')).toBeTruthy();
  });
});

describe('pop-up inputs', () => {
  it('JInputPop opens a 150×200 textarea', async () => {
    render(<JInputPop value="x" />);
    fireEvent.click(screen.getByLabelText('展开编辑'));
    const area = (await screen.findByLabelText('弹出编辑框')) as HTMLTextAreaElement;
    expect(area.style.width).toBe('150px');
    expect(area.style.height).toBe('200px');
  });

  it('JTextareaPop opens a 300×210 textarea and edits the value', async () => {
    const onChange = vi.fn();
    render(<JTextareaPop value="x" onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('展开编辑'));
    const area = (await screen.findByLabelText('弹出编辑框')) as HTMLTextAreaElement;
    expect(area.style.width).toBe('300px');
    expect(area.style.height).toBe('210px');
    fireEvent.change(area, { target: { value: 'long text' } });
    expect(onChange).toHaveBeenLastCalledWith('long text');
  });
});

describe('JModal', () => {
  it('toggles fullscreen and resets it when opened again', async () => {
    const { rerender } = render(
      <JModal open title="标题">
        body
      </JModal>,
    );
    await screen.findByText('body');
    fireEvent.click(screen.getByLabelText('全屏'));
    expect(screen.getByLabelText('退出全屏')).toBeTruthy();
    rerender(
      <JModal open={false} title="标题">
        body
      </JModal>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    rerender(
      <JModal open title="标题">
        body
      </JModal>,
    );
    expect(await screen.findByLabelText('全屏')).toBeTruthy();
  });

  it('caps the body at 80% of the window height', async () => {
    render(
      <JModal open title="t">
        content
      </JModal>,
    );
    const body = (await screen.findByText('content')).closest('.ant-modal-body') as HTMLElement;
    expect(body.style.maxHeight).toBe(`${Math.round(window.innerHeight * 0.8)}px`);
  });
});
