import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { JCron } from '@widgets/cron/JCron';
import { JEasyCron } from '@widgets/cron/JEasyCron';
import { EasyCronEditor } from '@widgets/cron/EasyCronEditor';
import { CronPreview } from '@widgets/cron/CronPreview';

afterEach(() => vi.useRealTimers());

function dialog() {
  return document.querySelector('.ant-modal') as HTMLElement;
}

describe('CronPreview', () => {
  it('shows 10 runs 500 ms after the last change', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { rerender } = render(<CronPreview expression="0 0 12 * * ?" />);
    const area = screen.getByLabelText('执行预览') as HTMLTextAreaElement;
    expect(area.value).toBe('执行预览，会忽略年份参数');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    rerender(<CronPreview expression="0 0 13 * * ?" />);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(area.value).toBe('执行预览，会忽略年份参数');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    const lines = area.value.split('\n');
    expect(lines).toHaveLength(10);
    expect(lines.every((line) => line.endsWith('13:00:00'))).toBe(true);
  });

  it('says 无执行时间 for an impossible expression', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<CronPreview expression="0 0 0 30 2 ?" />);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect((screen.getByLabelText('执行预览') as HTMLTextAreaElement).value).toBe('无执行时间');
  });
});

describe('JCron (seven-part editor)', () => {
  it('opens a 608 px dialog titled cron表达式 and emits the built expression', async () => {
    const onChange = vi.fn();
    render(<JCron onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('打开cron编辑'));
    expect(await screen.findByText('cron表达式')).toBeTruthy();
    expect(dialog().style.width).toBe('608px');
    const result = screen.getByLabelText('cron表达式结果') as HTMLInputElement;
    expect(result.value).toBe('* * * * * ? *');
    fireEvent.click(screen.getByText('天'));
    fireEvent.click(screen.getByText('在这个月的最后一个工作日'));
    expect(result.value).toBe('* * * LW * ? *');
    fireEvent.click(screen.getByText('OK'));
    expect(onChange).toHaveBeenCalledWith('* * * LW * ? *');
  });

  it('reads the current value back into its choices', async () => {
    render(<JCron value="0 0/5 8-18 ? * 6#2 *" />);
    fireEvent.click(screen.getByLabelText('打开cron编辑'));
    const result = (await screen.findByLabelText('cron表达式结果')) as HTMLInputElement;
    expect(result.value).toBe('0 0/5 8-18 ? * 6#2 *');
    fireEvent.click(screen.getByText('天'));
    const nth = screen.getByLabelText('第几个') as HTMLInputElement;
    expect(nth.value).toBe('2');
    const radio = screen.getByText(/在这个月的第/).closest('label') as HTMLElement;
    expect(radio.className).toContain('ant-radio-wrapper-checked');
  });
});

describe('JEasyCron (piece editor)', () => {
  it('opens an 800 px dialog titled Cron表达式 from 选择', async () => {
    render(<JEasyCron />);
    expect(screen.getByPlaceholderText('请输入cron表达式')).toBeTruthy();
    fireEvent.click(screen.getByText('选择'));
    expect(await screen.findByText('Cron表达式')).toBeTruthy();
    expect(dialog().style.width).toBe('800px');
    expect(within(dialog()).getByText('近十次执行时间（不含年）')).toBeTruthy();
  });

  it('setting the hour puts 0 in finer parts and emits the expression', () => {
    const onChange = vi.fn();
    render(<EasyCronEditor value="* * * * * ? *" onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: '时' }));
    const panel = document.querySelector('.ant-tabs-tabpane-active') as HTMLElement;
    fireEvent.click(within(panel).getByText('指定'));
    expect(onChange).toHaveBeenLastCalledWith('0 0 0 * * ? *');
    fireEvent.click(within(panel).getByText('08'));
    expect(onChange).toHaveBeenLastCalledWith('0 0 0,8 * * ? *');
  });

  it('week is disabled while day is set; unsetting day enables it', () => {
    const onChange = vi.fn();
    render(<EasyCronEditor value="0 0 0 * * ? *" onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: '周' }));
    let panel = document.querySelector('.ant-tabs-tabpane-active') as HTMLElement;
    expect((within(panel).getAllByRole('radio')[0] as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: '日' }));
    panel = document.querySelector('.ant-tabs-tabpane-active') as HTMLElement;
    fireEvent.click(within(panel).getByText('不设置'));
    expect(onChange).toHaveBeenLastCalledWith('0 0 0 ? * * *');
    fireEvent.click(screen.getByRole('tab', { name: '周' }));
    panel = document.querySelector('.ant-tabs-tabpane-active') as HTMLElement;
    expect((within(panel).getAllByRole('radio')[0] as HTMLInputElement).disabled).toBe(false);
  });

  it('a typed part is applied on blur', () => {
    const onChange = vi.fn();
    render(<EasyCronEditor value="0 0 0 * * ? *" onChange={onChange} />);
    const minute = screen.getByLabelText('分表达式');
    fireEvent.change(minute, { target: { value: '*/15' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(minute);
    expect(onChange).toHaveBeenLastCalledWith('0 */15 0 * * ? *');
  });
});
