import { describe, expect, it } from 'vitest';
import { expressionIssues } from '@renderer/schema/expressions';

describe('schema expressions are checked before they run', () => {
  it('accepts expressions over the evaluator scope', () => {
    expect(
      expressionIssues({ a: '{{ $deps[0] !== 2 && !!$record }}', b: ['{{ $self.value ? dayjs().year() : null }}'], c: 'plain {text}' }),
    ).toEqual([]);
  });

  it('names the place and the names the evaluator does not have', () => {
    expect(
      expressionIssues({
        properties: { 'a/b': { 'x-reactions': { fulfill: { state: { disabled: "{{ String($deps[0]) !== '2' }}" } } } } },
      }),
    ).toEqual([
      {
        pointer: '/properties/a~1b/x-reactions/fulfill/state/disabled',
        message:
          'expression uses String; it can use only $self, $target, $values, $deps, $dependencies, $record, $user, $index, $selection, $query, dayjs',
      },
    ]);
    expect(expressionIssues(['{{ window.location }}'])[0]?.message).toContain('expression uses window');
  });

  it('reports syntax the evaluator cannot parse', () => {
    expect(expressionIssues('{{ () => 1 }}')[0]?.message).toMatch(/^expression cannot be parsed: /);
  });
});
