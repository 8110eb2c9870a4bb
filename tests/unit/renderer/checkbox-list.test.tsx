import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CheckboxList, type CheckboxListOption } from '@renderer/index';

const OPTIONS: CheckboxListOption<string>[] = [
  { value: 'a', label: '甲' },
  { value: 'b', label: '乙' },
  { value: 'c', label: '丙', disabled: true },
];

function Harness({ initial, seen }: { initial: string[]; seen: string[][] }) {
  const [value, setValue] = useState(initial);
  return (
    <CheckboxList
      value={value}
      options={OPTIONS}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('CheckboxList', () => {
  it('ticks and unticks in option order, keeps a disabled box as it is', () => {
    const seen: string[][] = [];
    render(<Harness initial={['c']} seen={seen} />);
    fireEvent.click(screen.getByLabelText('乙'));
    fireEvent.click(screen.getByLabelText('甲'));
    expect(seen.at(-1)).toEqual(['a', 'b', 'c']);
    expect((screen.getByLabelText('甲') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('乙'));
    expect(seen.at(-1)).toEqual(['a', 'c']);
    expect((screen.getByLabelText('乙') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('丙') as HTMLInputElement).disabled).toBe(true);
  });

  it('drops values that are not among the options when the user changes a box', () => {
    const seen: string[][] = [];
    render(<Harness initial={['gone', 'a']} seen={seen} />);
    fireEvent.click(screen.getByLabelText('乙'));
    expect(seen.at(-1)).toEqual(['a', 'b']);
  });
});
