import { describe, expect, it } from 'vitest';
import { createForm } from '@formily/core';
import { evaluateExpression, ExpressionAccessError, installSafeCompiler } from '@renderer/expression';
import { Schema } from '@formily/react';

const scope = {
  $values: { name: 'abc', age: 30, tags: ['a', 'b'], nested: { deep: 1 } },
  $record: { id: '1', status: 'Y' },
  $user: { username: 'admin' },
  $deps: [1, 'x'],
};

const run = (source: string) => evaluateExpression(source, scope);

describe('safe expression evaluator', () => {
  it('evaluates literals, members, logic, arithmetic and ternaries', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run("$values.name === 'abc' && $values.age >= 18")).toBe(true);
    expect(run("$record.status == 'Y' ? '启用' : '停用'")).toBe('启用');
    expect(run('$values.tags[1]')).toBe('b');
    expect(run('$values.tags.length')).toBe(2);
    expect(run('$values.missing?.deep')).toBeUndefined();
    expect(run('$values.missing ?? 5')).toBe(5);
    expect(run('!$values.nested.deep')).toBe(false);
    expect(run('$deps[0] + 1')).toBe(2);
    expect(run("{ disabled: $user.username !== 'admin', n: [1, 2] }")).toEqual({ disabled: false, n: [1, 2] });
    expect(run("$values.tags.includes('a')")).toBe(true);
    expect(run("dayjs('2024-01-02').format('YYYY/MM/DD')")).toBe('2024/01/02');
    expect(run("dayjs('2024-01-02').add(1, 'day').format('YYYY-MM-DD')")).toBe('2024-01-03');
  });

  it.each([
    ['window'],
    ['document'],
    ['globalThis'],
    ['this'],
    ['Function'],
    ['eval'],
    ['process'],
    ['self'],
    ['Object'],
    ['fetch'],
    ['require'],
    ['localStorage'],
    ['setTimeout'],
  ])('cannot reach the global %s', (name) => {
    expect(() => run(name)).toThrow(ExpressionAccessError);
  });

  it.each([
    ['$values.constructor'],
    ["$values['constructor']"],
    ['$values.__proto__'],
    ["$values['__pro' + 'to__']"],
    ['$values.tags.constructor'],
    ["'x'.constructor"],
    ['dayjs.prototype'],
    ["dayjs.constructor('return 1')()"],
    ["$values.nested['constructor']['constructor']('return this')()"],
    ["$deps.constructor.constructor('return process')()"],
    ["'abc'['constructor']['constructor']('alert(1)')()"],
  ])('blocks prototype and constructor access: %s', (source) => {
    expect(() => run(source)).toThrow(ExpressionAccessError);
  });

  it('does not expose inherited members or non-whitelisted methods', () => {
    expect(run('$values.toString')).toBeUndefined();
    expect(run('$values.hasOwnProperty')).toBeUndefined();
    expect(() => run('$values.toString()')).toThrow(ExpressionAccessError);
    expect(() => run('$values.tags.map(dayjs)')).toThrow(ExpressionAccessError);
    expect(() => run('$values.tags.push(1)')).toThrow(ExpressionAccessError);
    expect(run("'a'.replace")).toBeUndefined();
    expect(() => run("'a'.replace.call")).toThrow(ExpressionAccessError);
    expect(() => run('dayjs().$d.constructor')).toThrow(ExpressionAccessError);
    expect(run('dayjs().$d')).toBeUndefined();
    expect(() => run('({}).valueOf()')).toThrow(ExpressionAccessError);
  });

  it('refuses arithmetic that would call an object valueOf/toString', () => {
    expect(() => run("$values.nested + ''")).toThrow(ExpressionAccessError);
  });

  it('rejects syntax it does not support', () => {
    expect(() => run('a = 1')).toThrow();
    expect(() => run('(() => 1)()')).toThrow();
    expect(() => run('`x`')).toThrow();
    expect(() => run('new Date()')).toThrow();
  });

  it("is installed as Formily's schema compiler and sees fields only through a data view", () => {
    installSafeCompiler();
    const form = createForm({ values: { a: 2 } });
    const field = form.createField({ name: 'a' });
    const compiled = Schema.compile('{{$self.value * 10}}', { $self: field, $form: form, $values: form.values });
    expect(compiled).toBe(20);
    expect(() => Schema.compile('{{$form}}', { $form: form })).toThrow(ExpressionAccessError);
    expect(() => Schema.compile('{{$self.form}}', { $self: field })).not.toThrow();
    expect(Schema.compile('{{$self.form}}', { $self: field })).toBeUndefined();
  });
});
